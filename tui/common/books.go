package common

import (
	"errors"
	"fmt"
	"io/fs"

	"shogi/app/shelf"
	"shogi/app/words"
	"shogi/game/book"
)

// The opening books of the settings, as the screens consult them: the
// books themselves are app/shelf's; here is what the screens ask of them.

// BookPaths are the settings' books, in order, with ~ read as the home
// directory.
func (c *Common) BookPaths() []string { return c.Settings.BookPaths() }

// BookUse is how the built-in levels of a game play from the settings'
// books; nil when there are none or the setting is off.
func (c *Common) BookUse() *book.Use {
	paths, o, ok := c.Settings.BookOptions()
	if !ok {
		return nil
	}
	return &book.Use{Source: c.Shelf.Books(paths), Options: o}
}

// BookProblemText says why a book could not be read, in w's language:
// from the problem's kind (a missing file, a folder, an empty or binary
// file, another version, a line that is not a book's), never from the
// error's English text, save a bad line's own detail.
func BookProblemText(w *words.BookWords, err error) string {
	var pe *book.ParseError
	var ve *book.VersionError
	var ue *book.UnsortedError
	var fe *shelf.FolderError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return w.Missing
	case errors.Is(err, fs.ErrPermission):
		return w.Denied
	case errors.As(err, &fe):
		return w.Folder
	case errors.Is(err, book.ErrEmpty):
		return w.Empty
	case errors.Is(err, book.ErrBinary):
		return w.Binary
	case errors.As(err, &ve):
		return fmt.Sprintf(w.Version, ve.Header)
	case errors.As(err, &ue) && errors.As(err, &pe):
		return fmt.Sprintf(w.Unsorted, pe.Line)
	case errors.As(err, &pe) && pe.Line > 0:
		return fmt.Sprintf(w.BadLine, pe.Line, pe.Err)
	case errors.As(err, &pe):
		return fmt.Sprintf(w.Unreadable, pe.Err)
	}
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) {
		err = pathErr.Err
	}
	return fmt.Sprintf(w.Unreadable, err)
}
