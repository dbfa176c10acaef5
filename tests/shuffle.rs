//! Shuffled starts (the Diagram's `shuffle` key): the same seed gives the same array, seeds
//! differ, every array keeps the constraints the Diagram deals by (bishops on opposite
//! shades, the king between the rooks, the same pieces, Black as the symmetry says), castling
//! from a dealt array, FEN round trips, malformed keys at their column, and `--seed`.

use fairylab::bundled;
use fairylab::definition::{self, Severity};
use fairylab::fen;
use fairylab::game::Game;
use fairylab::position::Position;
use fairylab::variant::Variant;
use std::collections::HashSet;
use std::sync::Arc;

#[cfg(feature = "cli")]
mod binary;

const SHUFFLE_CHESS: &str = include_str!("shuffle/shuffle-chess.txt");

fn variant(text: &str) -> Arc<Variant> {
    bundled::compile("shuffle-test", text).unwrap_or_else(|e| panic!("{e}"))
}

/// Chess with the `shuffle` and `symmetry` lines given.
fn chess_with(keys: &str) -> Arc<Variant> {
    variant(&SHUFFLE_CHESS.replace("shuffle=N!BRQK", keys))
}

/// The FEN's board as rows of characters, rank 8 first, digits expanded to '.'.
fn rows(fen: &str) -> Vec<Vec<char>> {
    let board = fen.split(' ').next().unwrap();
    board
        .split('/')
        .map(|row| {
            let mut out = Vec::new();
            for c in row.chars() {
                match c.to_digit(10) {
                    Some(n) => out.extend(std::iter::repeat_n('.', n as usize)),
                    None => out.push(c),
                }
            }
            out
        })
        .collect()
}

fn start_fen(v: &Arc<Variant>, seed: u64) -> String {
    fen::to_fen(&Position::start_seeded(v, seed))
}

/// Files (0 = a) of `piece` in `row`.
fn files_of(row: &[char], piece: char) -> Vec<usize> {
    (0..row.len()).filter(|&f| row[f] == piece).collect()
}

fn sorted(row: &[char]) -> String {
    let mut v = row.to_vec();
    v.sort_unstable();
    v.into_iter().collect()
}

/// White's back rank (rank 1) satisfies the Chess960 rules.
fn assert_chess960_rank(row: &[char], what: &str) {
    let upper: Vec<char> = row.iter().map(|c| c.to_ascii_uppercase()).collect();
    assert_eq!(sorted(&upper), "BBKNNQRR", "{what}: the same pieces");
    let b = files_of(&upper, 'B');
    // On rank 1 (or 8) a square's shade is its file's parity.
    assert_ne!(b[0] % 2, b[1] % 2, "{what}: bishops on one shade");
    let (r, k) = (files_of(&upper, 'R'), files_of(&upper, 'K'));
    assert!(
        r[0] < k[0] && k[0] < r[1],
        "{what}: king not between the rooks"
    );
}

#[test]
fn the_same_seed_gives_the_same_array() {
    let v = variant(SHUFFLE_CHESS);
    let w = variant(SHUFFLE_CHESS);
    for seed in [0, 1, 2, 12345, u64::MAX] {
        assert_eq!(start_fen(&v, seed), start_fen(&v, seed));
        assert_eq!(start_fen(&v, seed), start_fen(&w, seed), "another compile");
        assert_eq!(
            Position::start_seeded(&v, seed),
            Position::start_seeded(&v, seed)
        );
    }
}

#[test]
fn without_a_seed_the_array_is_as_written() {
    let v = variant(SHUFFLE_CHESS);
    assert_eq!(
        fen::to_fen(&Position::start(&v)),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert!(v.shuffles());
    assert!(!bundled::load("chess").unwrap().shuffles());
    // A variant without the key: a seed changes nothing, and no seed is kept.
    let chess = bundled::load("chess").unwrap();
    assert_eq!(Position::start_seeded(&chess, 7), Position::start(&chess));
    assert_eq!(Game::shuffled(&chess, 7).seed(), None);
    assert_eq!(Game::shuffled(&v, 7).seed(), Some(7));
}

/// There are 960 Chess960 arrays; 20,000 seeds deal every one of them and nothing else, and
/// 200 seeds give many different ones (about 180 expected).
#[test]
fn seeds_deal_exactly_the_960_arrays() {
    let v = variant(SHUFFLE_CHESS);
    let mut seen = HashSet::new();
    let mut first_200 = HashSet::new();
    for seed in 0..20_000u64 {
        let fen = start_fen(&v, seed);
        let rows = rows(&fen);
        let white: String = rows[7].iter().collect();
        assert_chess960_rank(&rows[7], &format!("seed {seed}: {fen}"));
        // Black mirrors White (symmetry=mirror, the default); the pawns stay.
        assert_eq!(
            rows[0],
            rows[7]
                .iter()
                .map(|c| c.to_ascii_lowercase())
                .collect::<Vec<_>>()
        );
        assert_eq!(rows[1].iter().collect::<String>(), "pppppppp");
        assert_eq!(rows[6].iter().collect::<String>(), "PPPPPPPP");
        assert!(rows[2..6].iter().flatten().all(|&c| c == '.'));
        if seed < 200 {
            first_200.insert(white.clone());
        }
        seen.insert(white);
    }
    assert_eq!(seen.len(), 960);
    assert!(first_200.len() > 150, "{}", first_200.len());
}

#[test]
fn with_symmetry_none_each_side_is_dealt_on_its_own() {
    // Black's squares written out: with symmetry=none a list without `,,` is White's alone.
    let mut text = SHUFFLE_CHESS.replace("files=8", "files=8 symmetry=none");
    for (white, black) in [
        ("a2-h2", "a7-h7"),
        ("b1,g1", "b8,g8"),
        ("c1,f1", "c8,f8"),
        ("a1,h1", "a8,h8"),
        ("d1", "d8"),
        ("e1", "e8"),
    ] {
        text = text.replace(&format!(":{white}\n"), &format!(":{white},,{black}\n"));
    }
    let v = variant(&text);
    let mut differ = 0;
    for seed in 0..300 {
        let fen = start_fen(&v, seed);
        let rows = rows(&fen);
        assert_chess960_rank(&rows[7], &fen);
        assert_chess960_rank(&rows[0], &fen);
        let black_as_white: Vec<char> = rows[0].iter().map(|c| c.to_ascii_uppercase()).collect();
        differ += usize::from(black_as_white != rows[7]);
    }
    // Independent sides match by chance 1 time in 960.
    assert!(differ > 290, "{differ}");
}

#[test]
fn with_symmetry_rotate_black_is_white_turned_round() {
    let v = chess_with("shuffle=N!BRQK symmetry=rotate");
    for seed in 0..100 {
        let fen = start_fen(&v, seed);
        let rows = rows(&fen);
        let turned: Vec<char> = rows[7]
            .iter()
            .rev()
            .map(|c| c.to_ascii_lowercase())
            .collect();
        assert_eq!(rows[0], turned, "{fen}");
        // White's rank keeps both constraints, as with the mirror.
        assert_chess960_rank(&rows[7], &fen);
    }
}

#[test]
fn without_marks_the_bishops_may_share_a_shade_and_with_colon_they_mirror() {
    let free = chess_with("shuffle=NBRQK");
    let same_shade = (0..500).any(|seed| {
        let rows = rows(&start_fen(&free, seed));
        let b = files_of(&rows[7], 'B');
        b[0] % 2 == b[1] % 2
    });
    assert!(
        same_shade,
        "without '!', bishops land on one shade now and then"
    );
    let mirrored = chess_with("shuffle=N:BRQK");
    for seed in 0..300 {
        let fen = start_fen(&mirrored, seed);
        let rows = rows(&fen);
        let b = files_of(&rows[7], 'B');
        assert_eq!(b[0] + b[1], 7, "{fen}: bishops on mirrored files");
        assert_chess960_rank(&rows[7], &fen);
    }
}

/// Two groups: the knights and bishops swap places among their own four squares, the rooks,
/// queen and king among theirs.
#[test]
fn groups_deal_their_own_squares() {
    let v = chess_with("shuffle=NB,RQK");
    let mut arrays = HashSet::new();
    for seed in 0..200 {
        let fen = start_fen(&v, seed);
        let rank: Vec<char> = rows(&fen)[7].clone();
        for f in [1, 2, 5, 6] {
            assert!("NB".contains(rank[f]), "{fen}");
        }
        // a1, d1, e1, h1 hold R, Q, K, R: the queen goes anywhere among them, the king on
        // the middle one of the three squares left, the rooks on the outer two.
        let (r, k) = (files_of(&rank, 'R'), files_of(&rank, 'K'));
        assert!(r[0] < k[0] && k[0] < r[1], "{fen}");
        arrays.insert(rank);
    }
    // 4!/(2!2!) = 6 ways for N and B, times 4 squares for the queen.
    assert_eq!(arrays.len(), 24);
}

#[test]
fn the_dealt_start_reads_back_from_its_fen() {
    let v = variant(SHUFFLE_CHESS);
    for seed in 0..200 {
        let start = Position::start_seeded(&v, seed);
        let fen = fen::to_fen(&start);
        let mut back = fen::from_fen(&v, &fen).unwrap();
        // The same position as far as the rules go (unmoved flags that decide nothing, like
        // a corner rook's beside its king, are not FEN's to say).
        assert_eq!(fen::to_fen(&back), fen);
        assert_eq!(back.hash(), start.hash(), "{fen}");
        assert_eq!(back.perft(2), start.clone().perft(2), "{fen}");
        assert!(!fen.contains("unmoved:"), "{fen}");
    }
}

/// The king castles with the unmoved piece in the corner of its rank, moving two squares
/// towards it with every square between empty, as in the Diagram; the rook lands beside it.
#[test]
fn a_king_between_rooks_in_the_corners_castles() {
    let v = variant(SHUFFLE_CHESS);
    let seed = (0..20_000)
        .find(|&s| rows(&start_fen(&v, s))[7].iter().collect::<String>() == "RNBKQBNR")
        .expect("a seed dealing RNBKQBNR");
    let mut game = Game::shuffled(&v, seed);
    assert_eq!(
        game.fen(),
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1"
    );
    // Empty e1, f1 and g1 (and the same for Black): the knight, the bishop, the queen out.
    for m in "g1h3 g8h6 g2g3 g7g6 f1g2 f8g7 e2e4 e7e5 e1e2 e8e7".split_whitespace() {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let legal = |game: &Game| -> Vec<String> {
        (game.legal_moves().iter())
            .map(|&m| fairylab::notation::to_coordinate(&v, m))
            .collect()
    };
    assert!(
        legal(&game).contains(&"d1f1".to_string()),
        "{:?}",
        legal(&game)
    );
    assert!(
        !legal(&game).contains(&"d1b1".to_string()),
        "b1 and c1 are not empty"
    );
    game.play_text("d1f1").unwrap();
    assert_eq!(rows(&game.fen())[7].iter().collect::<String>(), "RNB.RK..");
    game.play_text("d8f8").unwrap();
    assert_eq!(rows(&game.fen())[0].iter().collect::<String>(), "rnb.rk..");

    // From the FEN of the same array with the pieces between gone: both ways.
    let fen = "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w KQkq - 0 1";
    let game = Game::from_position(fen::from_fen(&v, fen).unwrap());
    let moves = legal(&game);
    assert!(moves.contains(&"d1b1".to_string()) && moves.contains(&"d1f1".to_string()));
    assert_eq!(fen::to_fen(game.position()), fen);
}

/// With no clean corner piece a side has no castling right in the FEN and no castling move.
#[test]
fn a_king_next_to_its_corner_rook_does_not_castle_that_way() {
    let v = variant(SHUFFLE_CHESS);
    let seed = (0..1000)
        .find(|&s| rows(&start_fen(&v, s))[7][..3] == ['R', 'K', 'R'])
        .expect("a seed dealing RKR on a1-c1");
    let fen = start_fen(&v, seed);
    let castling = fen.split(' ').nth(2).unwrap();
    assert!(!castling.contains('Q'), "{fen}");
}

/// The warnings of a text that loads (issue 25: the Diagram's script passes over what it
/// cannot read in a `shuffle` value, and so does fairylab, with a warning).
fn warnings(text: &str) -> Vec<(u32, u32, String)> {
    let (spec, diags) = definition::check(text);
    assert!(spec.is_some(), "{text}: {diags:?}");
    diags
        .into_iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| (d.line, d.col, d.message))
        .collect()
}

#[test]
fn malformed_shuffle_keys_warn_at_their_character() {
    // Line 5 of the test file holds the key: `shuffle=` is 8 characters, the value from col 9.
    let line = |value: &str| SHUFFLE_CHESS.replace("shuffle=N!BRQK", &format!("shuffle={value}"));
    for (value, col, words) in [
        ("NXB", 10, "'X' is no piece's ID; ignored"),
        ("N!", 10, "'!' is followed by no piece ID; ignored"),
        ("N:,B", 10, "':' is followed by no piece ID; ignored"),
        ("N!!B", 11, "follows another mark"),
        (
            "NBN",
            11,
            "'N' is listed twice in one group; as in the Diagram, it is not shuffled",
        ),
        ("Nb", 10, "'b' is no piece's ID"),
        ("N;B", 10, "';' is no piece's ID"),
        ("N!1", 11, "'1' is no piece's ID"),
    ] {
        let e = warnings(&line(value));
        assert_eq!(e.len(), 1, "{value}: {e:?}");
        assert_eq!((e[0].0, e[0].1), (5, col), "{value}: {e:?}");
        assert!(e[0].2.contains(words), "{value}: {}", e[0].2);
    }
    // A type listed twice is not shuffled (the script's split finds its ID twice).
    let spec = definition::load(&line("NBN")).unwrap();
    let n = spec.pieces.iter().position(|p| p.id == 'N').unwrap();
    assert!(spec.shuffle.iter().flatten().all(|m| m.piece != n));
    // Black's pieces of a dealt type must stand where the symmetry puts White's, else that
    // type is not dealt (`not played:`).
    let asym = SHUFFLE_CHESS.replace("knight:N:N:knight:b1,g1", "knight:N:N:knight:b1,g1,,b8,f8");
    let asym = asym.replace("bishop:B:B:bishop:c1,f1", "bishop:B:B:bishop:c1,f1,,c8,g8");
    let e: Vec<_> = warnings(&asym)
        .into_iter()
        .filter(|w| w.2.starts_with("not played: shuffle"))
        .collect();
    assert_eq!(e.len(), 2, "{e:?}");
    assert_eq!((e[0].0, e[0].1), (5, 9));
    assert!(
        e[0].2
            .contains("Black's pieces do not stand where symmetry=mirror")
    );
    // With symmetry=none each side is dealt on its own: no such warning.
    let (spec, diags) = definition::check(&asym.replace("files=8", "files=8 symmetry=none"));
    assert!(spec.is_some());
    assert!(
        diags
            .iter()
            .all(|d| !d.message.starts_with("not played: shuffle")),
        "{diags:?}"
    );
}

#[test]
fn well_formed_keys_load_and_marks_without_pairs_warn() {
    for value in ["", "N!BRQK", "N,B,RQK", "N,,B", ",RK,", "!BN:R"] {
        let text = SHUFFLE_CHESS.replace("shuffle=N!BRQK", &format!("shuffle={value}"));
        let (spec, diags) = definition::check(&text);
        assert!(spec.is_some(), "{value}: {diags:?}");
        assert!(diags.is_empty(), "{value}: {diags:?}");
    }
    let text = SHUFFLE_CHESS.replace("shuffle=N!BRQK", "shuffle=N!Q");
    let (spec, diags) = definition::check(&text);
    assert!(spec.is_some());
    assert_eq!(diags.len(), 1);
    assert_eq!((diags[0].severity, diags[0].col), (Severity::Warning, 11));
    assert!(diags[0].message.contains("asks for a pair"));
}

/// The number of moves of a Chess960 start: the 16 pawn moves and each knight's jumps to the
/// third rank (its second rank is its own pawns'): files f-1 and f+1 where on the board.
fn chess960_start_moves(rank1: &[char]) -> u64 {
    let knights = files_of(rank1, 'N');
    16 + knights
        .iter()
        .map(|&f| u64::from(f > 0) + u64::from(f < 7))
        .sum::<u64>()
}

#[test]
fn perft_of_dealt_starts() {
    let v = variant(SHUFFLE_CHESS);
    for seed in 0..100 {
        let mut pos = Position::start_seeded(&v, seed);
        let rank1 = rows(&fen::to_fen(&pos))[7].clone();
        assert_eq!(pos.perft(1), chess960_start_moves(&rank1), "seed {seed}");
        // Black's replies mirror White's moves.
        assert_eq!(
            pos.perft(2),
            chess960_start_moves(&rank1).pow(2),
            "seed {seed}"
        );
    }
}

#[cfg(feature = "cli")]
mod cli {
    use super::*;
    use std::collections::BTreeMap;

    fn fairylab(args: &[&str]) -> (Option<i32>, String, String) {
        let out = super::binary::fairylab(args);
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    }

    const FILE: &str = "tests/shuffle/shuffle-chess.txt";

    #[test]
    fn seed_deals_the_start_of_every_command() {
        let v = variant(SHUFFLE_CHESS);
        let mut outputs = BTreeMap::new();
        for seed in ["0", "1", "42", "18446744073709551615"] {
            let rank1 = rows(&start_fen(&v, seed.parse().unwrap()))[7].clone();
            let (code, out, err) = fairylab(&["perft", FILE, "1", "--seed", seed]);
            assert_eq!((code, err.as_str()), (Some(0), ""));
            assert_eq!(out, format!("{}\n", chess960_start_moves(&rank1)));
            // `moves` lists the knights' jumps from where the seed put them.
            let (_, moves, _) = fairylab(&["moves", FILE, "--seed", seed]);
            for f in files_of(&rank1, 'N') {
                let file = (b'a' + f as u8) as char;
                assert!(
                    moves.lines().any(|m| m.starts_with(&format!("{file}1"))),
                    "{moves}"
                );
            }
            // The same seed, the same answer.
            assert_eq!(fairylab(&["moves", FILE, "--seed", seed]).1, moves);
            outputs.insert(seed, moves);
            let (code, best, _) = fairylab(&["bestmove", FILE, "--seed", seed, "--depth", "1"]);
            assert_eq!(code, Some(0));
            assert!(best.lines().last().unwrap().starts_with("bestmove "));
        }
        // Without --seed: the array as written, chess's 20 moves.
        let (_, moves, _) = fairylab(&["moves", FILE]);
        assert_eq!(moves, fairylab(&["moves", "chess"]).1);
        assert!(outputs.values().any(|m| *m != moves));
        // Moves after the seed's start.
        let (code, out, _) = fairylab(&["perft", FILE, "1", "--seed", "1", "--moves", "a2a3"]);
        assert_eq!((code, out.as_str()), (Some(0), "20\n"));
        let (code, games, _) = fairylab(&[
            "selfplay", FILE, "--games", "1", "--nodes", "50", "--seed", "3",
        ]);
        assert_eq!(code, Some(0), "{games}");
        assert!(
            games
                .lines()
                .last()
                .unwrap()
                .ends_with(", illegal moves: 0")
        );
    }

    #[test]
    fn seed_usage_errors() {
        let (code, _, err) = fairylab(&["moves", FILE, "--seed", "-1"]);
        assert_eq!(code, Some(2), "{err}");
        let (code, _, err) = fairylab(&["moves", FILE, "--seed", "x"]);
        assert_eq!(code, Some(2), "{err}");
        let (code, _, err) = fairylab(&[
            "moves",
            FILE,
            "--seed",
            "1",
            "--fen",
            "8/8/8/8/8/8/8/K6k w - - 0 1",
        ]);
        assert_eq!(code, Some(2));
        assert!(err.contains("cannot be used with"), "{err}");
        // A variant without the key: the seed changes nothing.
        assert_eq!(
            fairylab(&["moves", "chess", "--seed", "5"]).1,
            fairylab(&["moves", "chess"]).1
        );
    }
}

/// Any key that loads deals without a panic, keeps every piece and every occupied square, and
/// with the default symmetry keeps Black the mirror of White: groups of every type (pawns
/// too, with the king on another rank), marks anywhere, on seeds of every size.
#[test]
fn any_key_deals_the_same_pieces_on_the_same_squares() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let alphabet: Vec<char> = "PNBRQK!:,".chars().collect();
    let written = rows(&fen::to_fen(&Position::start(&variant(SHUFFLE_CHESS))));
    let occupied =
        |rows: &[Vec<char>]| -> Vec<bool> { rows.iter().flatten().map(|&c| c != '.').collect() };
    let mut loaded = 0;
    for _ in 0..400 {
        let len = (next() % 9) as usize;
        let value: String = (0..len).map(|_| alphabet[(next() % 9) as usize]).collect();
        let text = SHUFFLE_CHESS.replace("shuffle=N!BRQK", &format!("shuffle={value}"));
        let Some(spec) = definition::check(&text).0 else {
            continue;
        };
        loaded += 1;
        let v = Arc::new(Variant::compile("t", &text, spec));
        for seed in [next(), next() % 10, u64::MAX] {
            let fen = start_fen(&v, seed);
            let rows = rows(&fen);
            assert_eq!(occupied(&rows), occupied(&written), "{value} {seed}: {fen}");
            let all: Vec<char> = rows.iter().flatten().copied().collect();
            let before: Vec<char> = written.iter().flatten().copied().collect();
            assert_eq!(sorted(&all), sorted(&before), "{value} {seed}: {fen}");
            let mirrored: Vec<Vec<char>> = rows
                .iter()
                .rev()
                .map(|r| {
                    r.iter()
                        .map(|c| {
                            if c.is_ascii_uppercase() {
                                c.to_ascii_lowercase()
                            } else {
                                c.to_ascii_uppercase()
                            }
                        })
                        .collect()
                })
                .collect();
            assert_eq!(mirrored, rows, "{value} {seed}: {fen}");
            // Exactly one king a side, whatever the group.
            assert_eq!(all.iter().filter(|&&c| c == 'K').count(), 1, "{fen}");
        }
    }
    assert!(loaded > 100, "{loaded}");
}
