package tui

import (
	"shogi/tui/words"
)

func (s *studyModel) awords() *words.AnalysisWords {
	if s.c.Lang == words.Japanese {
		return &words.AnalysisJapanese
	}
	return &words.AnalysisEnglish
}

func (s *studyModel) words() *words.StudyWords {
	if s.c.Lang == words.Japanese {
		return &words.StudyJapanese
	}
	return &words.StudyEnglish
}
