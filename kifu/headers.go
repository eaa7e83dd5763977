package kifu

import (
	"fmt"
	"strings"
)

// headerNames lists the headers every format has, under each format's
// name: Japanese (KIF, KI2, JKF), CSA, and the Western tag.
var headerNames = []struct{ jp, csa, western string }{
	{"先手", "N+", "Black"},
	{"後手", "N-", "White"},
	{"棋戦", "$EVENT", "Event"},
	{"場所", "$SITE", "Site"},
	{"開始日時", "$START_TIME", "Date"},
	{"終了日時", "$END_TIME", "EndDate"},
	{"持ち時間", "$TIME_LIMIT", "TimeControl"},
	{"戦型", "$OPENING", "Opening"},
}

// headerAliases are Japanese keys that mean the same as another.
var headerAliases = map[string]string{"下手": "先手", "上手": "後手", "対局日": "開始日時"}

// shadowed reports whether header h is an alias (対局日) of a key the
// record also has under its own name (開始日時): a format with one name
// for both writes that one, not both (a CSA file had two $START_TIME
// lines, the day's and the start's).
func shadowed(r *Record, h Header) bool {
	canon, ok := headerAliases[h.Key]
	if !ok {
		return false
	}
	for _, o := range r.Headers {
		if o.Key == canon {
			return true
		}
	}
	return false
}

type headerStyle int

const (
	jpHeaders headerStyle = iota
	csaHeaders
	westernHeaders
)

// translate returns key as style s names it, and whether s can carry it
// (CSA has no place for unknown headers; the others keep any key).
func translate(key string, s headerStyle) (string, bool) {
	if a, ok := headerAliases[key]; ok && s != jpHeaders {
		key = a
	}
	for _, h := range headerNames {
		if key == h.jp || key == h.csa || key == h.western {
			switch s {
			case jpHeaders:
				if key == h.jp {
					return key, true
				}
				return h.jp, true
			case csaHeaders:
				return h.csa, true
			default:
				return h.western, true
			}
		}
	}
	if s == csaHeaders {
		if isCSAKey(key) {
			return key, true // a CSA header of its own ($MAX_MOVES …) goes back as it came
		}
		return "", false
	}
	if s == jpHeaders && strings.TrimLeft(key, "$") != "" {
		return strings.TrimLeft(key, "$"), true // a CSA header no one else names
	}
	return key, true
}

// isCSAKey reports whether key is a CSA header key: $ and capitals,
// digits, _, + or -.
func isCSAKey(key string) bool {
	if len(key) < 2 || key[0] != '$' {
		return false
	}
	for _, c := range []byte(key[1:]) {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '+' || c == '-') {
			return false
		}
	}
	return true
}

// writeJPHeaders writes the headers as `key：value` lines.
func writeJPHeaders(b *strings.Builder, r *Record) {
	for _, h := range r.Headers {
		k, _ := translate(h.Key, jpHeaders)
		if !safeJPKey(k) {
			continue
		}
		fmt.Fprintf(b, "%s：%s\n", k, strings.ReplaceAll(h.Value, "\n", " "))
	}
}

// safeJPKey reports whether `key：value` reads back as that header and not
// as a move, a comment, a diagram or part of the start position.
func safeJPKey(k string) bool {
	if k == "" || k != trimJP(k) || strings.ContainsAny(k, "\r\n:：") {
		return false
	}
	switch k {
	case "手合割", "先手の持駒", "後手の持駒", "上手の持駒", "下手の持駒", "手数":
		return false
	}
	if c := k[0]; c >= '0' && c <= '9' || strings.IndexByte("#*&|+'%", c) >= 0 {
		return false
	}
	for _, p := range []string{"変化", "まで", "▲", "△", "☗", "☖", "９"} {
		if strings.HasPrefix(k, p) {
			return false
		}
	}
	return true
}

// warn records something odd about the file.
func (r *Record) warn(s string) { r.Warnings = append(r.Warnings, s) }

// warnStart keeps what is odd about the start position.
func (r *Record) warnStart() {
	for _, w := range r.Start.Warnings() {
		r.warn("start position: " + w.String())
	}
}
