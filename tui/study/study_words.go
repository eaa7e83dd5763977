package study

import (
	"shogi/app/words"
)

// awords are the analysis panel's words in the study's language.
func (s *studyModel) awords() *words.AnalysisWords {
	if s.c.Lang == words.Japanese {
		return &words.AnalysisJapanese
	}
	return &words.AnalysisEnglish
}

// words are the study's words in its language.
func (s *studyModel) words() *words.StudyWords {
	if s.c.Lang == words.Japanese {
		return &words.StudyJapanese
	}
	return &words.StudyEnglish
}
