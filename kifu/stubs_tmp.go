package kifu

import "strings"

func readJKF(text string) (*Record, error)         { return nil, nil }
func writeJKF(b *strings.Builder, r *Record) error { return nil }
func readWestern(text string) (*Record, error)     { return nil, nil }
func writeWestern(b *strings.Builder, r *Record)   {}
