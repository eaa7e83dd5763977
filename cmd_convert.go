package main

import (
	"context"
	"fmt"

	"shogi/kifu"
)

// runConvert reads a record in any format and writes it in another.
func runConvert(_ context.Context, args []string, s stdio) int {
	stdin, stdout, stderr := s.in, s.out, s.err
	fs := newFlagSet("convert", stderr)
	from := fs.String("from", "", "input format: kif, ki2, csa, usi, sfen, jkf, western (default: detect)")
	to := fs.String("to", "", "output format: kif, ki2, csa, usi, sfen (final position), jkf, western (default: by -o's extension, else kif)")
	out := fs.String("o", "", "write to `FILE` (default: standard output); .kif/.ki2 are Shift_JIS, .kifu/.ki2u UTF-8")
	encName := fs.String("encoding", "", "KIF/KI2 output encoding: sjis or utf8 (default: by -o's extension, UTF-8 on standard output)")
	gameN := fs.Int("game", 1, "which game of a multi-game CSA or KIF file")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi convert [--from FORMAT] [--to FORMAT] [-o FILE] [--encoding sjis|utf8] [--game N] [FILE|-]")
		fs.PrintDefaults()
	}
	files, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	if len(files) > 1 {
		fmt.Fprintf(stderr, "shogi convert: want at most one FILE, got %d\n", len(files))
		return 2
	}
	inFormat := kifu.Unknown
	if *from != "" {
		f, err := kifu.ParseFormat(*from)
		if err != nil {
			fmt.Fprintf(stderr, "shogi convert: --from: %v\n", err)
			return 2
		}
		inFormat = f
	}
	outFormat := kifu.KIF
	if *to != "" {
		if outFormat, err = kifu.ParseFormat(*to); err != nil {
			fmt.Fprintf(stderr, "shogi convert: --to: %v\n", err)
			return 2
		}
	} else if *out != "" {
		// -o game.csa writes CSA; a name that says no format is a mistake,
		// not a KIF file under a misleading name.
		if outFormat = kifu.FormatOfPath(*out); outFormat == kifu.Unknown {
			fmt.Fprintf(stderr, "shogi convert: -o %s: the extension names no format (.kif .kifu .ki2 .ki2u .csa .usi .sfen .jkf .json .txt); give --to FORMAT\n", *out)
			return 2
		}
	}
	enc := kifu.UTF8
	if *out != "" {
		enc = kifu.EncodingOfPath(*out)
	}
	if *encName != "" {
		if enc, err = kifu.ParseEncoding(*encName); err != nil {
			fmt.Fprintf(stderr, "shogi convert: --encoding: %v\n", err)
			return 2
		}
	}
	if *gameN < 1 {
		fmt.Fprintf(stderr, "shogi convert: --game %d: games are numbered from 1\n", *gameN)
		return 2
	}

	name := "-"
	if len(files) == 1 {
		name = files[0]
	}
	data, name, err := kifu.ReadArg(name, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "shogi convert: %v\n", err)
		return 1
	}
	r, err := kifu.ReadFormat(data, name, inFormat)
	if err != nil {
		// A record that stops partway is still an error here: converting
		// half a game silently would lose the rest.
		fmt.Fprintln(stderr, kifu.ErrorText(err))
		return 1
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(stderr, "%s: warning: %s\n", name, w)
	}
	// A multi-game CSA file gives one game: the one --game names.
	if *gameN > 1 {
		if *gameN-2 >= len(r.Games) {
			fmt.Fprintf(stderr, "%s: --game %d: the file has %d game(s)\n", name, *gameN, len(r.Games)+1)
			return 1
		}
		r = r.Games[*gameN-2]
	}
	r.Games = nil
	text, err := kifu.Marshal(r, outFormat, kifu.WriteOptions{Encoding: enc})
	if err != nil {
		fmt.Fprintf(stderr, "shogi convert: %v\n", err)
		return 1
	}
	if *out == "" {
		if _, err := stdout.Write(text); err != nil {
			fmt.Fprintf(stderr, "shogi convert: %v\n", err)
			return 1
		}
		return 0
	}
	if err := kifu.WriteFileAtomic(*out, text); err != nil {
		fmt.Fprintf(stderr, "shogi convert: %v\n", err)
		return 1
	}
	return 0
}
