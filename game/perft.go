package game

// Perft counts the leaf nodes of the legal move tree to depth. The last
// ply is counted in bulk: the number of legal moves, without playing them.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [600]Move
	moves := p.LegalMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := *p
		q.play(m)
		n += Perft(&q, depth-1)
	}
	return n
}

// DivideEntry is one root move and the leaves below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns Perft split by root move, in generation order.
func Divide(p *Position, depth int) []DivideEntry {
	var out []DivideEntry
	if depth <= 0 {
		return out
	}
	for _, m := range p.LegalMoves(nil) {
		q := p.Play(m)
		out = append(out, DivideEntry{m, Perft(&q, depth-1)})
	}
	return out
}
