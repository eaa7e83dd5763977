// Package book reads, writes, builds and consults opening books in
// YaneuraOu's text format, the one ShogiHome and every YaneuraOu engine
// read (定跡DB, "#YANEURAOU-DB2016 1.00"):
//
//	#YANEURAOU-DB2016 1.00
//	sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
//	7g7f 3c3d 52 0 1204 w640 d21 l543
//	2g2f 8c8d 38 0 886 w461 d9 l416
//	sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
//	3c3d none 41 0 760
//	#a comment on the move above
//
// Each position is an "sfen" line (board, side to move, hands and the move
// number it was met at), followed by a line per move: the move, the reply
// expected ("none" if none), the score from the mover's side, the depth it
// was searched to, and how often the move was played; every field after
// the move may be left out, and "none" stands for a score or depth not
// known. Lines starting with # or // are comments: after a position line
// they belong to the position, after a move line to the move (as
// ShogiHome keeps them). Text after the fifth field is also the move's
// comment; a book built here puts the games' results there, as "wW dD lL"
// from the mover's side, which the readers take back as Results.
//
// Positions are written sorted by their sfen text, which is what lets
// YaneuraOu (BookOnTheFly) and ShogiHome search a book on disk without
// reading it: File does the same, a binary search over the file's bytes
// that opens a book of any size at once and answers in a few reads. A
// position is matched by its board, side and hands, whatever move number
// it was met at (as YaneuraOu's IgnoreBookPly and ShogiHome do), and a
// position not in the book is also looked up turned round, the colours
// swapped (YaneuraOu's FlippedBook), its moves turned back.
//
// Every move read is checked against its position: a move that is not
// legal there, a line cut short, a position that is not one, an unsorted
// book searched on disk, an empty file — each is a *ParseError with the
// line, never a panic and never a move that cannot be played.
//
// Find looks a position up in any Source (a Book in memory, a File on
// disk, Sources in priority order) and Entry.Rows writes its moves in a
// notation with their figures. Builder makes a book from games, counting
// each move and the results from its mover's side; Merge and MergeSorted
// add books together; Searcher (and Use, for a player's spec) lets any
// engine.Searcher play its book moves first, and Served gives an engine
// served over USI YaneuraOu's book options.
package book
