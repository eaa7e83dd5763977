// Package usi speaks the Universal Shogi Interface: the vocabulary every
// engine shares (an engine's score, its info lines, the limits of a search,
// its best move) and a client that runs one engine process.
//
// The types here are shared by the built-in engine (game/bot), the match
// layer (game/match) and the TUI, so an engine's thinking looks the same
// whichever program produced it.
//
// The package imports only the standard library and game.
package usi
