package game

// Perft counts the leaf nodes of the legal move tree to depth. The last
// ply is counted in bulk: the number of legal moves, without playing them.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	s := perftStack{pos: make([]Position, depth), moves: make([][]Move, depth)}
	s.pos[0] = *p
	for i := range s.moves {
		s.moves[i] = make([]Move, 0, 600)
	}
	return s.count(0, depth)
}

// perftStack preallocates a position and a move buffer per ply, so the
// count allocates nothing while it runs.
type perftStack struct {
	pos   []Position
	moves [][]Move
}

func (s *perftStack) count(ply, depth int) uint64 {
	moves := s.pos[ply].LegalMoves(s.moves[ply][:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		s.pos[ply+1] = s.pos[ply]
		s.pos[ply+1].play(m)
		n += s.count(ply+1, depth-1)
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
