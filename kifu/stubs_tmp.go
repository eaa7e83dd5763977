package kifu

import "strings"

func readWestern(text string) (*Record, error)   { return nil, nil }
func writeWestern(b *strings.Builder, r *Record) {}
