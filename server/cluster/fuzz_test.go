package cluster

import (
	"errors"
	"testing"
	"time"
)

// The decoders read what any process that reaches NATS may have written
// into the buckets: whatever the bytes, they return a value or a
// *DecodeError, never panic, and what they accept encodes back to a
// value they accept again, the same.

// fuzzDecoder runs one decoder on data and checks the round trip.
func fuzzDecoder[T any](t *testing.T, data []byte, dec func([]byte) (T, error), same func(a, b T) bool) {
	v, err := dec(data)
	if err != nil {
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Fatalf("error %v is not a *DecodeError", err)
		}
		return
	}
	w, err := dec(encode(v))
	if err != nil {
		t.Fatalf("%s decoded, but its encoding %s does not: %v", data, encode(v), err)
	}
	if !same(v, w) {
		t.Fatalf("round trip changed %+v to %+v", v, w)
	}
}

func jsonSame[T any](a, b T) bool { return string(encode(a)) == string(encode(b)) }

func FuzzDecodeNode(f *testing.F) {
	f.Add(encode(NodeRecord{Name: "a", Host: "h", PID: 1, Started: time.Unix(1e9, 0).UTC()}))
	f.Add([]byte(`{"Name":"a b"}`))
	f.Add([]byte(`{}{}`))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzDecoder(t, data, decodeNode, jsonSame) })
}

func FuzzDecodeTable(f *testing.F) {
	f.Add(encode(tableRecord{Code: "KWC44", Node: "a"}))
	f.Add([]byte(`{"code":"0O1IL","node":"a"}`))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzDecoder(t, data, decodeTable, jsonSame) })
}

func FuzzDecodeLease(f *testing.F) {
	f.Add(encode(leaseRecord{Node: "a"}))
	f.Add([]byte(`{"node":""}`))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzDecoder(t, data, decodeLease, jsonSame) })
}

func FuzzDecodeSessions(f *testing.F) {
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"nodes":{"a":{"ip:127.0.0.1":2}}}`))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzDecoder(t, data, decodeSessions, jsonSame) })
}

func FuzzDecodeRate(f *testing.F) {
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"at":["2026-01-01T00:00:00Z",1]}`))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzDecoder(t, data, decodeRate, jsonSame) })
}

func FuzzDecodeState(f *testing.F) {
	f.Add(encode(stateRecordOf("a", testState("KWC44", 7))))
	f.Add(encode(stateRecordOf("a", testState("KWC44", 0))))
	f.Add([]byte(`{"referee":"a","code":"KWC44","moves":["7g7f","7g7f"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzDecoder(t, data, decodeState, func(a, b stateRecord) bool {
			x, errx := a.tableState()
			y, erry := b.tableState()
			return errx == nil && erry == nil && jsonSame(stateRecordOf(a.Referee, x), stateRecordOf(b.Referee, y))
		})
	})
}
