package bot

// The search's view of package game's move generation, in one place:
// square sets, attacks and staged legal move generation all come from
// game's bitboards.

import "shogi/game"

type squareSet = game.SquareSet

func occupied(p *game.Position) squareSet               { return p.Occupied() }
func colorSet(p *game.Position, c game.Color) squareSet { return p.OccupiedBy(c) }
func attacksFrom(pc game.Piece, s game.Square, occ squareSet) squareSet {
	return game.AttacksFrom(pc, s, occ)
}
func givesCheck(p *game.Position, m game.Move) bool               { return p.GivesCheck(m) }
func legalCaptures(p *game.Position, dst []game.Move) []game.Move { return p.LegalCaptures(dst) }
func legalQuiets(p *game.Position, dst []game.Move) []game.Move   { return p.LegalQuiets(dst) }
func legalChecks(p *game.Position, dst []game.Move) []game.Move   { return p.LegalChecks(dst) }
