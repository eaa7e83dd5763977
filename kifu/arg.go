package kifu

import (
	"errors"
	"io"
	"os"
	"path/filepath"
)

// ReadArg reads a record named on a command line: the file at path, or
// standard input for "-" (named <stdin> in messages).
func ReadArg(path string, stdin io.Reader) (data []byte, name string, err error) {
	if path == "-" {
		data, err = io.ReadAll(stdin)
		return data, "<stdin>", err
	}
	data, err = os.ReadFile(path)
	return data, path, err
}

// ErrorText is err as a command prints it: a *ParseError as
// FILE:LINE: message, with the file's path cleaned.
func ErrorText(err error) string {
	var pe *ParseError
	if errors.As(err, &pe) && pe.File != "" {
		pe.File = filepath.Clean(pe.File)
	}
	return err.Error()
}
