package kifu

import (
	"io/fs"
	"os"
	"path/filepath"
)

// Files lists the files named and, under each folder named, the files
// want accepts, in the order given and then the folder's walk order. A
// file named outright is listed whatever its name: the person chose it.
// It is the one walk behind every command that takes "records or folders"
// (book build, db import).
func Files(paths []string, want func(path string) bool) ([]string, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && want(path) {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}
