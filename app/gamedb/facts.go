package gamedb

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// A game's facts — what the games list shows and the filters test — are
// kept apart from its record (format 3): a look-up that lists or filters
// the games through a position reads a few dozen bytes a game, packed some
// fifty to a page in id order, where the record (its moves and headers as
// JSON, a kilobyte or two) would cost a page and a JSON decode each.
var (
	bFacts    = []byte("facts")       // id → the game's facts (encodeFacts)
	kFactsTo  = []byte("facts-to")    // meta: every id up to this one has its facts (factsAll: every game)
	factsByte = byte(1)               // the encoding's version, its first byte
	errFacts  = errors.New("damaged") // a value that does not decode
	factsAll  = []byte{0xff, 0xff, 0xff, 0xff, 0xff}
)

// encodeFacts packs g's facts: a version byte, the plies and ratings as
// uvarints, then each text as a uvarint length and its bytes.
func encodeFacts(b []byte, g *Game) []byte {
	b = append(b, factsByte)
	for _, n := range []int{g.Plies, g.Players[0].Rating, g.Players[1].Rating} {
		b = binary.AppendUvarint(b, uint64(max(n, 0)))
	}
	for _, s := range factTexts(g) {
		b = binary.AppendUvarint(b, uint64(len(*s)))
		b = append(b, *s...)
	}
	return b
}

// factTexts are the texts of a game's facts in their stored order.
func factTexts(g *Game) []*string {
	return []*string{&g.Players[0].Name, &g.Players[1].Name, &g.Players[0].Opening, &g.Players[0].Castle,
		&g.Players[1].Opening, &g.Players[1].Castle, &g.Date, &g.Event, &g.TimeControl, &g.Result, &g.Ending,
		&g.HeaderOpen}
}

// decodeFacts reads facts packed by encodeFacts into a Game that holds
// only them (brief: its moves and headers are not read).
func decodeFacts(id uint32, b []byte) (*Game, error) {
	g := &Game{ID: id, brief: true}
	if len(b) == 0 || b[0] != factsByte {
		return nil, errFacts
	}
	b = b[1:]
	var nums [3]uint64
	for i := range nums {
		x, n := binary.Uvarint(b)
		if n <= 0 || x > 1<<31 {
			return nil, errFacts
		}
		nums[i], b = x, b[n:]
	}
	g.Plies, g.Players[0].Rating, g.Players[1].Rating = int(nums[0]), int(nums[1]), int(nums[2])
	for _, s := range factTexts(g) {
		x, n := binary.Uvarint(b)
		if n <= 0 || x > uint64(len(b)-n) {
			return nil, errFacts
		}
		*s, b = string(b[n:n+int(x)]), b[n+int(x):]
	}
	if len(b) != 0 {
		return nil, errFacts
	}
	return g, nil
}

// loadFacts returns game id's facts; a game stored by a format 2 program
// before the facts were filled in is read whole.
func loadFacts(fb, gb *bolt.Bucket, id []byte) (*Game, error) {
	if fb != nil {
		if v := fb.Get(id); v != nil {
			g, err := decodeFacts(binary.BigEndian.Uint32(id), v)
			if err != nil {
				return nil, fmt.Errorf("game %d: damaged facts", binary.BigEndian.Uint32(id))
			}
			return g, nil
		}
	}
	return loadGame(gb, id)
}

// factsChunk is how many games one transaction of fillFacts reads.
const factsChunk = 20_000

// fillFacts writes the facts of the games a format 2 program stored
// (format 3 writes them with each game), a chunk a transaction; the meta
// key facts-to says how far it got, so a fill cut short goes on from
// there, and factsAll once every game has them (a database made by
// format 3 starts so).
func fillFacts(ctx context.Context, db *bolt.DB, release func()) error {
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		done := false
		err := db.Update(func(tx *bolt.Tx) error {
			meta, gb := tx.Bucket(bMeta), tx.Bucket(bGames)
			from := meta.Get(kFactsTo)
			if bytes.Equal(from, factsAll) {
				done = true
				return nil
			}
			fb, err := tx.CreateBucketIfNotExists(bFacts)
			if err != nil {
				return err
			}
			c := gb.Cursor()
			var k, v []byte
			if from == nil {
				k, v = c.First()
			} else if k, v = c.Seek(from); k != nil && bytes.Equal(k, from) {
				k, v = c.Next()
			}
			var last []byte
			for n := 0; k != nil && n < factsChunk; k, v = c.Next() {
				last, n = k, n+1
				if fb.Get(k) != nil {
					continue
				}
				g := &Game{ID: binary.BigEndian.Uint32(k)}
				if err := jsonGame(v, g); err != nil {
					return err
				}
				if err := fb.Put(k, encodeFacts(nil, g)); err != nil {
					return err
				}
			}
			if k == nil {
				done = true
				return meta.Put(kFactsTo, factsAll)
			}
			return meta.Put(kFactsTo, bytes.Clone(last))
		})
		if err != nil || done {
			return err
		}
		if release != nil {
			release()
		}
	}
}
