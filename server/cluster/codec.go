package cluster

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"
)

// DecodeError says that a value read from a bucket does not parse: which
// kind of value, and why. The value is dropped and the error logged.
type DecodeError struct {
	Kind string // "node", "table", "state", "sessions", "rate"
	Err  error
}

func (e *DecodeError) Error() string {
	return "a " + e.Kind + " value that does not parse: " + e.Err.Error()
}
func (e *DecodeError) Unwrap() error { return e.Err }

// maxValue bounds what a decoder reads: a table's state with a long game
// and its chat is a few tens of kilobytes.
const maxValue = 1 << 20

// encode writes a value as JSON; the types encoded here always marshal.
func encode(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("cluster: encoding %T: %v", v, err)) // a programming error, not input
	}
	return b
}

// decode reads one JSON value of kind into v, strictly: no unknown
// fields, nothing after it, then check.
func decode[T any](kind string, data []byte, check func(*T) error) (T, error) {
	var v T
	if len(data) > maxValue {
		return v, &DecodeError{kind, fmt.Errorf("%d bytes, more than %d", len(data), maxValue)}
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		return v, &DecodeError{kind, err}
	}
	if d.More() {
		return v, &DecodeError{kind, errors.New("more than one value")}
	}
	if check != nil {
		if err := check(&v); err != nil {
			return v, &DecodeError{kind, err}
		}
	}
	return v, nil
}

func decodeNode(data []byte) (NodeRecord, error) {
	return decode("node", data, func(r *NodeRecord) error {
		if err := checkName(r.Name); err != nil {
			return err
		}
		if r.Sessions < 0 || r.Tables < 0 {
			return errors.New("negative counts")
		}
		return nil
	})
}

// conflict reports a compare-and-set that lost: the key's revision was
// not the one given, or the key exists where it should not.
func conflict(err error) bool {
	return errors.Is(err, jetstream.ErrKeyRevisionMismatch) || errors.Is(err, jetstream.ErrKeyExists)
}
