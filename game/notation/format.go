package notation

import (
	"strings"

	"shogi/game"
)

var fullWidthDigits = []string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
var kanjiDigits = []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// formatCSA writes +7776FU: sign, origin (00 for a drop), destination and
// the piece as it stands after the move.
func formatCSA(b *strings.Builder, m game.Move) {
	if m.Color() == game.Black {
		b.WriteByte('+')
	} else {
		b.WriteByte('-')
	}
	if m.IsDrop() {
		b.WriteString("00")
	} else {
		writeDigits(b, m.From())
	}
	writeDigits(b, m.To())
	b.WriteString(m.PieceAfter().Type().CSA())
}

func writeDigits(b *strings.Builder, s game.Square) {
	b.WriteByte(byte('0' + s.File()))
	b.WriteByte(byte('0' + s.Rank()))
}

func writeJapaneseSquare(b *strings.Builder, s game.Square, same bool) {
	if same {
		b.WriteString("同　")
		return
	}
	b.WriteString(fullWidthDigits[s.File()])
	b.WriteString(kanjiDigits[s.Rank()])
}

// formatKIF writes ７六歩(77): the piece before it moves, 成 when it
// promotes, 打 on every drop, and the origin.
func formatKIF(b *strings.Builder, m game.Move, same bool) {
	writeJapaneseSquare(b, m.To(), same)
	b.WriteString(m.Piece().Type().Kanji())
	if m.IsDrop() {
		b.WriteString("打")
		return
	}
	if m.IsPromotion() {
		b.WriteString("成")
	}
	b.WriteByte('(')
	writeDigits(b, m.From())
	b.WriteByte(')')
}

// formatKI2 writes ▲２二銀左成: side, square or 同, piece, marks, and 成 or
// 不成 whenever the move could promote.
func formatKI2(b *strings.Builder, p *game.Position, m game.Move, same bool) {
	if m.Color() == game.Black {
		b.WriteString("▲")
	} else {
		b.WriteString("△")
	}
	writeJapaneseSquare(b, m.To(), same)
	b.WriteString(m.Piece().Type().Kanji())
	k := japaneseMark(p, m)
	if k.h != 0 {
		b.WriteRune(k.h)
	}
	if k.v != 0 {
		b.WriteRune(k.v)
	}
	if k.drop {
		b.WriteString("打")
	}
	switch promotionMark(m) {
	case yes:
		b.WriteString("成")
	case no:
		b.WriteString("不成")
	}
}

// promotionMark says what a marking style writes: yes for a promotion, no
// for a declined one, unsaid when promotion was impossible.
func promotionMark(m game.Move) tri {
	switch {
	case m.IsDrop():
		return unsaid
	case m.IsPromotion():
		return yes
	case game.CanPromoteMove(m.Color(), m.Piece().Type(), m.From(), m.To()):
		return no
	}
	return unsaid
}

var westernLetters = [game.NumPieceTypes]string{"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"}

// formatWestern writes P-7f, S7bx8c+, L*5e (Hodges) or P-76, S33-22+, P*55
// (Hosking). The origin is written when another piece of the kind could
// reach the square.
func formatWestern(b *strings.Builder, p *game.Position, m game.Move, numeric bool) {
	sq := func(s game.Square) {
		b.WriteByte(byte('0' + s.File()))
		if numeric {
			b.WriteByte(byte('0' + s.Rank()))
		} else {
			b.WriteByte(byte('a' + s.Rank() - 1))
		}
	}
	b.WriteString(westernLetters[m.Piece().Type()])
	if m.IsDrop() {
		b.WriteByte('*')
		sq(m.To())
		return
	}
	var buf [16]game.Square
	if len(rivals(p, m, buf[:0])) > 0 {
		sq(m.From())
	}
	if m.Captured() != game.NoPiece {
		b.WriteByte('x')
	} else {
		b.WriteByte('-')
	}
	sq(m.To())
	switch promotionMark(m) {
	case yes:
		b.WriteByte('+')
	case no:
		b.WriteByte('=')
	}
}

var romajiPieces = [game.NumPieceTypes]string{"", "Fu", "Kyo", "Kei", "Gin", "Kaku", "Hi", "Kin", "Gyoku",
	"Tokin", "NariKyo", "NariKei", "NariGin", "Uma", "Ryu"}

// formatRomaji writes the Japanese move in words, as the 1996 letter
// spells it: 33 Gin Hidari Agaru Narazu, Dou Gin Nari, 55 Kyo Utsu.
func formatRomaji(b *strings.Builder, p *game.Position, m game.Move, same bool) {
	if same {
		b.WriteString("Dou")
	} else {
		writeDigits(b, m.To())
	}
	b.WriteByte(' ')
	b.WriteString(romajiPieces[m.Piece().Type()])
	k := japaneseMark(p, m)
	switch k.h {
	case '右':
		b.WriteString(" Migi")
	case '左':
		b.WriteString(" Hidari")
	case '直':
		b.WriteString(" Sugu")
	}
	switch k.v {
	case '上':
		b.WriteString(" Agaru")
	case '引':
		b.WriteString(" Hiku")
	case '寄':
		b.WriteString(" Yoru")
	}
	if k.drop {
		b.WriteString(" Utsu")
	}
	switch promotionMark(m) {
	case yes:
		b.WriteString(" Nari")
	case no:
		b.WriteString(" Narazu")
	}
}

var newMethodPieces = [game.NumPieceTypes]string{"", "fu", "kyo", "kei", "gin", "kk", "hi", "kin", "gy",
	"to", "+kyo", "+kei", "+gin", "uma", "ryu"}

// arrowGlyph names a direction of travel (h rightward, v forward).
func arrowGlyph(h, v int) string {
	for g, d := range arrows {
		if d[0] == h && d[1] == v {
			return g
		}
	}
	return ""
}

// formatSassersson writes the new method: 22gin↗+, 22to↓, 〃gin, 22gin□.
// An arrow (the way the piece travels, as its owner sees it) appears only
// where Japanese would write a mark; □ where it would write 打.
func formatSassersson(b *strings.Builder, p *game.Position, m game.Move, same bool) {
	if same {
		b.WriteString("〃")
	} else {
		writeDigits(b, m.To())
	}
	b.WriteString(newMethodPieces[m.Piece().Type()])
	k := japaneseMark(p, m)
	switch {
	case k.drop:
		b.WriteString("□")
	case !k.empty():
		b.WriteString(arrowGlyph(travel(m.Color(), m.From(), m.To())))
	}
	switch promotionMark(m) {
	case yes:
		b.WriteByte('+')
	case no:
		b.WriteByte('=')
	}
}
