package game

import "strings"

// PieceType is a kind of piece without colour. The first seven can be held
// in hand; promoted kinds are their base kind plus 8.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn                  // 歩 FU
	Lance                 // 香 KY
	Knight                // 桂 KE
	Silver                // 銀 GI
	Bishop                // 角 KA
	Rook                  // 飛 HI
	Gold                  // 金 KI
	King                  // 玉 OU
	ProPawn               // と TO
	ProLance              // 杏 NY
	ProKnight             // 圭 NK
	ProSilver             // 全 NG
	Horse                 // 馬 UM (promoted bishop)
	Dragon                // 龍 RY (promoted rook)
)

// NumPieceTypes bounds arrays indexed by PieceType.
const NumPieceTypes = 15

// HandTypes lists the kinds that can be held, in the order USI writes hands.
var HandTypes = [7]PieceType{Rook, Bishop, Gold, Silver, Knight, Lance, Pawn}

// CanPromote reports whether t has a promoted form.
func (t PieceType) CanPromote() bool { return t >= Pawn && t <= Rook }

// IsPromoted reports whether t is a promoted kind.
func (t PieceType) IsPromoted() bool { return t >= ProPawn }

// Promote returns the promoted kind, or t itself if it cannot promote.
func (t PieceType) Promote() PieceType {
	if t.CanPromote() {
		return t + 8
	}
	return t
}

// Unpromote returns the base kind (what a captured piece becomes in hand).
func (t PieceType) Unpromote() PieceType {
	if t.IsPromoted() {
		return t - 8
	}
	return t
}

var typeSFEN = [NumPieceTypes]string{"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"}
var typeCSA = [NumPieceTypes]string{"", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"}
var typeKanji = [NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"}
var typeNames = [NumPieceTypes]string{"", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king",
	"tokin", "promoted lance", "promoted knight", "promoted silver", "horse", "dragon"}

// SFEN returns the upper-case SFEN letter(s): "P", "+R".
func (t PieceType) SFEN() string { return typeSFEN[t%NumPieceTypes] }

// CSA returns the two-letter CSA name: "FU", "RY".
func (t PieceType) CSA() string { return typeCSA[t%NumPieceTypes] }

// Kanji returns the name used in Japanese notation: 歩, 成銀, 龍.
func (t PieceType) Kanji() string { return typeKanji[t%NumPieceTypes] }

func (t PieceType) String() string { return typeNames[t%NumPieceTypes] }

// PieceTypeFromCSA returns the type for a CSA name, or NoPieceType.
func PieceTypeFromCSA(s string) PieceType {
	for t, n := range typeCSA {
		if t > 0 && n == s {
			return PieceType(t)
		}
	}
	return NoPieceType
}

// Piece is a piece of one colour on the board, or NoPiece. White's pieces
// have bit 4 set, so a Piece fits in a byte and indexes small tables.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

const whiteBit = 16

// NumPieces bounds arrays indexed by Piece.
const NumPieces = 32

// NewPiece returns the piece of type t and colour c.
func NewPiece(c Color, t PieceType) Piece {
	if t == NoPieceType {
		return NoPiece
	}
	return Piece(t) | Piece(c)*whiteBit
}

// Type returns the piece's kind.
func (p Piece) Type() PieceType { return PieceType(p &^ whiteBit) }

// Color returns the piece's owner (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 4) }

// SFEN returns the SFEN text: upper case for Black, lower for White.
func (p Piece) SFEN() string { return pieceSFEN[p%NumPieces] }

var pieceSFEN [NumPieces]string

func init() {
	for t := Pawn; t < NumPieceTypes; t++ {
		pieceSFEN[NewPiece(Black, t)] = t.SFEN()
		pieceSFEN[NewPiece(White, t)] = strings.ToLower(t.SFEN())
	}
}

func (p Piece) String() string {
	if p == NoPiece {
		return "empty"
	}
	return p.Color().String() + " " + p.Type().String()
}
