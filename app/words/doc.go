// Package words holds every phrase the app says, one table per language
// (English and Japanese) and per part of the app (the game, the menu, the
// study, analysis, the SSH lobby). Each screen takes all its words from
// one language's tables, so no screen mixes languages; outcomes (endings,
// refusals, warnings) are made into words here from their kinds and
// figures.
package words
