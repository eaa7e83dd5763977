package eval

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// The weights file: the magic, the number of features (uint32), then
// each weight as a little-endian int16 in the order of the layout
// constants — the opening's weights, then the endgame's. A file of the
// previous format (magic2, one weight a feature) is read as the same
// weights for both.
const (
	magic  = "SHOGIEV3"
	magic2 = "SHOGIEV2"
)

//go:embed weights.bin
var embedded []byte

// Default is the weights the engine plays with: weights.bin, made by the
// train command.
var Default = func() *Weights {
	w, err := Decode(embedded)
	if err != nil {
		panic("eval: the embedded weights.bin: " + err.Error())
	}
	return w
}()

// Decode reads a weights file.
func Decode(b []byte) (*Weights, error) {
	if len(b) < len(magic)+4 || (string(b[:len(magic)]) != magic && string(b[:len(magic)]) != magic2) {
		return nil, errors.New("not a weights file (no " + magic + " header)")
	}
	planes := 2
	if string(b[:len(magic)]) == magic2 {
		planes = 1
	}
	n := binary.LittleEndian.Uint32(b[len(magic):])
	if n != NumWeights {
		return nil, fmt.Errorf("%d weights, want %d (made for another layout)", n, NumWeights)
	}
	b = b[len(magic)+4:]
	if len(b) != 2*planes*NumWeights {
		return nil, fmt.Errorf("%d bytes of weights, want %d", len(b), 2*planes*NumWeights)
	}
	var w Weights
	for i := range w {
		for ph := range 2 {
			j := i + min(ph, planes-1)*NumWeights
			w[i][ph] = int16(binary.LittleEndian.Uint16(b[2*j:]))
		}
	}
	return &w, nil
}

// Encode writes w as a weights file.
func (w *Weights) Encode(out io.Writer) error {
	b := make([]byte, 0, len(magic)+4+4*NumWeights)
	b = append(b, magic...)
	b = binary.LittleEndian.AppendUint32(b, NumWeights)
	for ph := range 2 {
		for _, v := range w {
			b = binary.LittleEndian.AppendUint16(b, uint16(v[ph]))
		}
	}
	_, err := out.Write(b)
	return err
}
