package tui

func (s *studyModel) awords() *analysisWords {
	if s.c.lang == Japanese {
		return &analysisJapanese
	}
	return &analysisEnglish
}

func (s *studyModel) words() *studyWords {
	if s.c.lang == Japanese {
		return &studyJapanese
	}
	return &studyEnglish
}
