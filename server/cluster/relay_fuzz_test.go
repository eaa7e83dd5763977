package cluster

import (
	"testing"
	"time"

	"shogi/app/lobby"
	"shogi/game"
	"shogi/game/match"
)

// The table subjects carry what any process that reaches NATS may send:
// the decoders of events, requests and replies return a value or a
// *DecodeError, never panic, and what they accept encodes back the same.

func FuzzDecodeEvent(f *testing.F) {
	c, el := clockOf(match.ClockState{Control: [2]match.TimeControl{{Main: time.Minute}, {Main: time.Minute}},
		Main: [2]time.Duration{time.Minute, 50 * time.Second}, Running: true, Side: game.White, Since: time.Unix(1e9, 0)}, time.Unix(1e9+3, 0))
	f.Add(encode(eventRecord{Epoch: "a-1", Seq: 3, Kind: evMove, Ply: 1, Move: "7g7f", SpentMS: 1200, Clock: c, ElapsedMS: el}))
	f.Add(encode(eventRecord{Epoch: "a-1", Seq: 4, Kind: evChat, Name: "bob", Side: 1, Text: "よろしく", Ply: 1}))
	f.Add(encode(eventRecord{Epoch: "a-1", Seq: 5, Kind: evEnd, End: &endRecord{Moves: []string{"7g7f"}, SpentMS: []int64{5}}}))
	f.Add([]byte(`{"epoch":"a","seq":1,"kind":"move"}`))
	f.Add([]byte(`{"epoch":"a","seq":1,"kind":"turn","side":7}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzDecoder(t, data, decodeEvent, jsonSame)
		e, err := decodeEvent(data)
		if err != nil || e.End == nil {
			return
		}
		// An end that decodes is rebuilt against the start, or refused
		// in words.
		_, _ = e.End.result(game.StartPosition(), match.TimeControl{})
	})
}

func FuzzDecodeRequest(f *testing.F) {
	f.Add(encode(requestRecord{Op: opSit, Node: "b", Name: "bob"}))
	f.Add(encode(requestRecord{Op: opMove, Token: "00ff", Move: "7g7f"}))
	f.Add([]byte(`{"op":"dance"}`))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzDecoder(t, data, decodeRequest, jsonSame) })
}

func FuzzDecodeReply(f *testing.F) {
	st := stateRecordOf("a", testState("KWC44", 7))
	f.Add(encode(replyRecord{Token: "00ff", State: &st, Epoch: "a-1", Seq: 9, Side: 1}))
	f.Add(encode(replyErr(lobby.ErrTableFull)))
	f.Add([]byte(`{"side":-1}`))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzDecoder(t, data, decodeReply, jsonSame) })
}
