package book

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
)

// OpenAny opens a book for look-ups: on disk when it is sorted (what a
// search on disk needs), else read into memory. done closes it.
func OpenAny(path string) (src Source, done func(), err error) {
	f, err := Open(path)
	if err == nil {
		return f, func() { f.Close() }, nil
	}
	var ue *UnsortedError
	if !errors.As(err, &ue) {
		return nil, nil, err
	}
	b, err := ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return b, func() {}, nil
}

// MergeFiles merges the books at paths into the book file out ("-" for
// stdout).
func MergeFiles(paths []string, out string, stdout io.Writer) error {
	// The merge goes to a temporary file (beside -o, so it can be renamed
	// over it, even over one of the books): a merge that has to start again
	// in memory starts the file again, and nothing partial is left behind.
	dir := os.TempDir()
	if out != "-" {
		dir = filepath.Dir(out)
	}
	tmp, err := os.CreateTemp(dir, ".shogi-book-*.db")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	if err = mergeFiles(tmp, paths); err == nil {
		if out == "-" {
			if _, err = tmp.Seek(0, io.SeekStart); err == nil {
				_, err = io.Copy(stdout, tmp)
			}
		} else if err = tmp.Chmod(0o644); err == nil {
			if err = tmp.Close(); err == nil {
				err = os.Rename(tmp.Name(), out)
			}
		}
	}
	return err
}

// mergeFiles merges the books at paths into f: an entry at a time when
// they are sorted, else (when one turns out not to be) in memory, which
// sorts them.
func mergeFiles(f *os.File, paths []string) error {
	err := mergeStreamed(f, paths)
	var ue *UnsortedError
	if !errors.As(err, &ue) {
		return err
	}
	if err := f.Truncate(0); err != nil {
		return err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	m, err := ReadFile(paths[0])
	if err != nil {
		return err
	}
	for _, path := range paths[1:] {
		o, err := ReadFile(path)
		if err != nil {
			return err
		}
		m = Merge(m, o)
	}
	return Write(f, m)
}

// mergeStreamed merges the books at paths an entry at a time.
func mergeStreamed(w io.Writer, paths []string) error {
	ins := make([]Input, len(paths))
	for i, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		ins[i] = Input{R: bufio.NewReaderSize(f, 1<<16), Name: path}
	}
	return MergeSorted(w, ins...)
}
