//! Constructs of the Interactive Diagram's notation that fairylab warned `not played:` before
//! session 4 of issue 25 and now plays as the Diagram's script does: ranges over 32, leaps
//! over 15 squares, Black's squares after `,,` with the symmetry's twins, and `n` on the
//! oblique atoms `Z` and `C`. Destinations worked out by hand from what each construct means
//! (the script's own perft figures for the same texts are in tests/diagram/vectors.txt).
//! A piece `X` of the Betza under test, white and black stones (`S`, `s`: they only step),
//! kings out of the way.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{moves_from, play, to};
use fairylab::definition::{self, Severity};
use fairylab::{bundled, describe, fen, notation, position::Position};

fn text(betza: &str) -> String {
    format!(
        "files=8 ranks=8 promoZone=0 symmetry=none\npiece:X:{betza}:piece:b1\n\
         stone:S:W:stone:c1,,c8\nking:K:K:king:a1,,h8"
    )
}

fn position(betza: &str, fen: &str) -> Position {
    let v = bundled::compile("played", &text(betza)).unwrap_or_else(|e| panic!("{betza}: {e}"));
    fen::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The warnings a definition text gets (it must load).
fn warnings_of(text: &str) -> Vec<String> {
    let (spec, said) = definition::check(text);
    assert!(spec.is_some(), "{text}: {said:?}");
    said.into_iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| d.message)
        .collect()
}

/// Asserts that the piece moving as `betza` is read, and warned `not played:`.
fn assert_not_played(betza: &str) {
    let said = warnings_of(&text(betza));
    assert!(
        said.iter().any(|w| w.starts_with("not played:")),
        "{betza}: {said:?}"
    );
}

const ALONE: &str = "7k/8/8/8/3X4/8/8/K7 w - - 0 1";

/// The rook's 14 squares from d4 on an empty board.
const ROOK_D4: [&str; 14] = [
    "d5", "d6", "d7", "d8", "d3", "d2", "d1", "a4", "b4", "c4", "e4", "f4", "g4", "h4",
];

/// A range the script reads whole (`parseInt`): `R40` and `W300` go as far as the board
/// lets them, a rook's 14 squares from d4; `N33` is the nightrider: from d4 e6 f8, c6 b8, f5
/// h6, b5, e2, c2, f3 h2, b3 (the next leaps are off the board). No warning.
#[test]
fn ranges_over_32_are_read_whole() {
    for betza in ["R40", "W300"] {
        assert_eq!(
            moves_from(&position(betza, ALONE), "d4"),
            to("d4", &ROOK_D4),
            "{betza}"
        );
        assert!(warnings_of(&text(betza)).is_empty(), "{betza}");
    }
    assert_eq!(
        moves_from(&position("N33", ALONE), "d4"),
        to(
            "d4",
            &[
                "e6", "f8", "c6", "b8", "f5", "h6", "b5", "e2", "c2", "f3", "h2", "b3"
            ]
        )
    );
    // A range of 3 still stops after three squares: d5 d6 d7, d3 d2 d1, a4 b4 c4, e4 f4 g4.
    assert_eq!(moves_from(&position("R3", ALONE), "d4").len(), 12);
}

/// `W` lengthened by `X`s to the largest board's side or more (`geometry::MAX_SIDE`; with 16,
/// `WXXXXX` already, a leap of 16 squares straight ahead) lands nowhere, so `K` with it is a
/// king and nothing more (d4: its eight steps), with a warning saying why the leap has no
/// square, which is not a `not played:` one.
#[test]
fn a_leap_past_the_largest_board_lands_nowhere() {
    let side = fairylab::geometry::MAX_SIDE as usize;
    let leap = format!("KW{}", "X".repeat(side.div_ceil(3)));
    assert_eq!(
        moves_from(&position(&leap, ALONE), "d4"),
        to("d4", &["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"])
    );
    let said = warnings_of(&text(&leap));
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("lands on no square"), "{said:?}");
    assert!(!said[0].contains("not played"), "{said:?}");
    // So does one of several legs (`mafWXXXXX`), and X's past any i8 do not overflow.
    let long = format!("K{}", "mafW".to_string() + &"X".repeat(60));
    assert_eq!(moves_from(&position(&long, ALONE), "d4").len(), 8);
}

/// Black's squares listed after `,,` under a symmetry: the Diagram's script gives each of
/// White's squares its twin (here rotated) and puts Black's listed pieces down as well. The
/// knight line `b1,g1,,d5` gives Black g8, b8 and d5; the rook line `a1,,e4,h6` gives Black
/// h8, e4 and h6; the king e1 gives d8. No warning.
#[test]
fn black_squares_after_two_commas_come_besides_the_twins() {
    let text = "files=8 ranks=8 symmetry=rotate\npawn::fmWfcF::a2-h2\n\
                knight:N:N::b1,g1,,d5\nrook:R:R::a1,,e4,h6\nking::K::e1";
    assert!(warnings_of(text).is_empty());
    let v = bundled::compile("twins", text).unwrap();
    let start = fen::to_fen(&Position::start(&v));
    assert_eq!(
        start.split(' ').next().unwrap(),
        "1n1k2nr/pppppppp/7r/3n4/4r3/8/PPPPPPPP/RN2K1N1"
    );
}

/// `n` on `Z` and `C`: a lame leap blocked by a piece on either of two squares of its way, as
/// the Diagram's page tests it (the squares 3/8 of the leap from each end, rounded). From d4,
/// `nZ` to f7 passes e5 and e6, to g6 e5 and f5; `nC` to e7 passes d5 and e6, to c7 d5 and c6.
/// A stone on e6 takes f7 from `nZ` and e7 from `nC`; one on e5 takes f7 and g6 from `nZ`;
/// one on d5 takes e7 and c7 from `nC`. An enemy on the leap's end is taken.
#[test]
fn a_lame_z_or_c_is_blocked_on_its_two_squares() {
    let all_z = ["a2", "a6", "b1", "b7", "f1", "f7", "g2", "g6"];
    let all_c = ["a3", "a5", "c1", "c7", "e1", "e7", "g3", "g5"];
    let without = |all: &[&'static str], gone: &[&str]| -> Vec<&'static str> {
        all.iter().copied().filter(|s| !gone.contains(s)).collect()
    };
    assert_eq!(moves_from(&position("nZ", ALONE), "d4"), to("d4", &all_z));
    assert_eq!(moves_from(&position("nC", ALONE), "d4"), to("d4", &all_c));
    let e6 = "7k/8/4S3/8/3X4/8/8/K7 w - - 0 1";
    let e5 = "7k/8/8/4S3/3X4/8/8/K7 w - - 0 1";
    let d5 = "7k/8/8/3S4/3X4/8/8/K7 w - - 0 1";
    assert_eq!(
        moves_from(&position("nZ", e6), "d4"),
        to("d4", &without(&all_z, &["f7"]))
    );
    assert_eq!(
        moves_from(&position("nZ", e5), "d4"),
        to("d4", &without(&all_z, &["f7", "g6"]))
    );
    assert_eq!(
        moves_from(&position("nC", e6), "d4"),
        to("d4", &without(&all_c, &["e7"]))
    );
    assert_eq!(
        moves_from(&position("nC", d5), "d4"),
        to("d4", &without(&all_c, &["e7", "c7"]))
    );
    // Only captures (`cnZ`), an enemy stone on f7 and another behind a blocker on b7's way
    // (c5, c6 for the leap to b7: an enemy on c6 blocks it too).
    let foes = "7k/1s3s2/2s5/8/3X4/8/8/K7 w - - 0 1";
    assert_eq!(moves_from(&position("cnZ", foes), "d4"), to("d4", &["f7"]));
    // Direction letters select leaps as on `Z` and `C`: `fnC` is the two narrow forward ones.
    assert_eq!(
        moves_from(&position("fnC", ALONE), "d4"),
        to("d4", &["c7", "e7"])
    );
    assert!(warnings_of(&text("nZ")).is_empty());
    // With `i` or `e`, or on a longer leap, it is still a precise `not played:`.
    for betza in ["inC", "enZ", "nNX"] {
        assert_not_played(betza);
    }
}

/// `@`, an atom the Diagram's script reads (its symmetry class 5, undocumented): leaps of two
/// squares in K's eight directions, the D and A leaps, its angle 0 being the (2,2) leap and
/// its direction letters read in K's system combined as an oblique atom's. From d4: b2 b4 b6
/// d2 d6 f2 f4 f6. `f@` is angle 0 alone, the leap to f6; `fr@` is angles 0 and 2 (the
/// script combines no `fr` here), f6 and f2. `@@` rides: d6 d8, d2, b4, f4 h4, f6 h8, b6,
/// b2, f2.
#[test]
fn the_at_atom_leaps_two_squares_in_eight_directions() {
    let cases: [(&str, &[&str]); 4] = [
        ("@", &["b2", "b4", "b6", "d2", "d6", "f2", "f4", "f6"]),
        ("f@", &["f6"]),
        ("fr@", &["f6", "f2"]),
        (
            "@@",
            &[
                "d6", "d8", "d2", "b4", "f4", "h4", "f6", "h8", "b6", "b2", "f2",
            ],
        ),
    ];
    // (Black's king on h7: `@@` from d4 reaches h8.)
    let alone = "8/7k/8/8/3X4/8/8/K7 w - - 0 1";
    for (betza, squares) in cases {
        assert_eq!(
            moves_from(&position(betza, alone), "d4"),
            to("d4", squares),
            "{betza}"
        );
        assert!(warnings_of(&text(betza)).is_empty(), "{betza}");
    }
}

/// A lame `C` rider (`fnCC`): each leap tested on its own two squares, as the Diagram's
/// display tests each step of the ride. From a1 the narrow forward leap (1,3) (the other, to
/// the left, is off the board): to b4 over a2 and b3, then on the same way to c7 over b5 and
/// c6; the next would be off the board. A stone on b5 stops the second leap, one on b3 the
/// whole ride; an enemy on b4 is taken there and the ride ends. No warning (tests/diagram/display.txt compares 20 rides on 16x16 with the
/// script's display).
#[test]
fn a_lame_rider_tests_each_leap() {
    let at = |stones: &str| format!("7k/8/8/{stones}/8/8/X6K w - - 0 1");
    assert_eq!(
        moves_from(&position("fnCC", &at("8/8")), "a1"),
        to("a1", &["b4", "c7"])
    );
    assert_eq!(
        moves_from(&position("fnCC", &at("1S6/8")), "a1"),
        to("a1", &["b4"])
    );
    assert!(moves_from(&position("fnCC", "7k/8/8/8/8/1S6/8/X6K w - - 0 1"), "a1").is_empty());
    assert_eq!(
        moves_from(&position("fnCC", &at("8/1s6")), "a1"),
        to("a1", &["b4"])
    );
    assert!(warnings_of(&text("fnCC")).is_empty());
}

/// `@` lengthened by `X` or `Y`, as the Diagram's script lengthens its (2,2) leap: `X` adds 3
/// to the long side and keeps the class (K's direction letters), `Y` adds 2 to both and makes
/// it oblique (`N`'s letters), turned as `@` is: its angle 0 the diagonal (4,4), 1 the (4,0).
/// On 12x12 from f6: `@X` is the (2,5) leap: h11 k8 k4 h1 d1 a4 a8 d11 (angles 0 to 7
/// clockwise from forward right); `f@X` angle 0 alone, h11; `@Y` j10 j6 j2 f2 b2 b6 b10 f10;
/// `b@Y` is N's narrow backward pair, angles 3 and 4: f2, b2. No warning; `n@X` is still a
/// precise `not played:`.
#[test]
fn the_at_atom_lengthened_by_x_or_y_leaps_as_the_script_reads_it() {
    let text = |betza: &str| {
        format!(
            "files=12 ranks=12 promoZone=0 symmetry=none\npiece:X:{betza}:piece:f6\n\
             king:K:K:king:a1,,l12"
        )
    };
    let cases: [(&str, &[&str]); 4] = [
        ("@X", &["h11", "k8", "k4", "h1", "d1", "a4", "a8", "d11"]),
        ("f@X", &["h11"]),
        ("@Y", &["j10", "j6", "j2", "f2", "b2", "b6", "b10", "f10"]),
        ("b@Y", &["f2", "b2"]),
    ];
    for (betza, squares) in cases {
        let v = bundled::compile("played", &text(betza)).unwrap_or_else(|e| panic!("{e}"));
        let start = Position::start(&v);
        assert_eq!(moves_from(&start, "f6"), to("f6", squares), "{betza}");
        assert!(warnings_of(&text(betza)).is_empty(), "{betza}");
    }
    assert_not_played("n@X");
}

/// `@` in a move of several legs: its first leg at the script's angles (0 the (2,2) leap), the
/// later ones turned relative to the leg before, in K's letters. `mafs@` from d4 on an empty
/// board: to f6 (then f8 or h6), f4 (h6, h2), f2 (h2), b6 (b8), d6 (b8, f8); from d2, b2, b4
/// every turn is off the board: b8 f8 h2 h6. And the legs after a path's first take the
/// atom's own range (the script's `origRange`), not the doubled letter's: `mafsWW` rides the
/// first leg and then makes one W step turned 45° (a diagonal step): from d5 c6 e6, d6 c7 e7,
/// d7 c8 e8, d3 c2 e2, d2 c1 e1, c4 b5 b3, b4 a5 a3, e4 f5 f3, f4 g5 g3, g4 h5 h3 (a rider's
/// second leg would go on to b7 a8 and more). No warning.
#[test]
fn the_at_atom_and_riders_in_moves_of_several_legs() {
    let cases: [(&str, &[&str]); 2] = [
        ("mafs@", &["b8", "f8", "h2", "h6"]),
        (
            "mafsWW",
            &[
                "c6", "e6", "c7", "e7", "c8", "e8", "c2", "e2", "c1", "e1", "b5", "b3", "a5", "a3",
                "f5", "f3", "g5", "g3", "h5", "h3",
            ],
        ),
    ];
    let alone = "7k/8/8/8/3X4/8/8/K7 w - - 0 1";
    for (betza, squares) in cases {
        assert_eq!(
            moves_from(&position(betza, alone), "d4"),
            to("d4", squares),
            "{betza}"
        );
        assert!(warnings_of(&text(betza)).is_empty(), "{betza}");
    }
    for betza in ["mz@", "ma@X"] {
        let said = warnings_of(&text(betza));
        assert!(said.iter().any(|w| w.contains("'@'")), "{betza}: {said:?}");
    }
}

/// `*` after the atom of a move of several legs: the first leg rides as far as the last rank
/// of the mover's half of the board (the script's range -1, at least one step), the later
/// legs keep the atom's own range. `fmasmW*` from d1 on 8x8: up d2 d3 d4 (rank 4 is the last
/// of White's half), then one step sideways: c2 e2 c3 e3 c4 e4. A stone on d3 stops the ride
/// at d2: c2 e2. The en passant rights the Diagram's script leaves on the first leg's squares
/// are a precise `not played:` (the move itself is played).
#[test]
fn a_star_after_a_paths_atom_rides_its_first_leg_to_the_half() {
    let open = "7k/8/8/8/8/8/8/K2X4 w - - 0 1";
    assert_eq!(
        moves_from(&position("fmasmW*", open), "d1"),
        to("d1", &["c2", "e2", "c3", "e3", "c4", "e4"])
    );
    let stone = "7k/8/8/8/8/3S4/8/K2X4 w - - 0 1";
    assert_eq!(
        moves_from(&position("fmasmW*", stone), "d1"),
        to("d1", &["c2", "e2"])
    );
    let said = warnings_of(&text("fmasmW*"));
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with("not played: the en passant rights 'fmasmW*'"),
        "{said:?}"
    );
    // On a hop it is still not played.
    assert_not_played("pW*");
}

/// `u` as the Diagram's script plays it on any leg: each `u` leg's start square is marked; an
/// empty one (the mover's own square counts) gets a copy of the piece taken on the
/// destination, one holding a piece (the square a hop or a capture before ended on) has that
/// piece taken, friend or foe; nothing is put down when the destination is empty. From d4:
/// - `uafucW`, a black stone on d6: step to d5, on to take d6; copies on d4 and d5.
/// - `upafW` (a hop's leg with `u`), white d5, black d6: over d5, take d6, the stone on d4;
///   with d6 empty a plain move.
/// - `mpafuW`, white d5, black f4: to c4 and on to b4, d3 to d2 (plain moves), e4 and on to
///   take f4 (put down on e4); over d5 to d6, taking the white stone hopped.
/// - `cafuW` takes on d5 and lands on d6: the `u` square holds the victim, so it is `cafW`.
#[test]
fn u_on_two_legs_and_on_hops_is_played() {
    let mut p = position("uafucW", "7k/8/3s4/8/3X4/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), to("d4", &["d4d5d6"]));
    assert_eq!(
        play(&mut p, "d4d4d5d6"),
        "7k/8/3X4/3s4/3s4/8/8/K7 b - - 0 1"
    );
    // Game Courier puts each copy down as an action of its own, and reads it back.
    let m = notation::parse_coordinate(&p, "d4d4d5d6").unwrap();
    let gc = notation::to_game_courier(&p, m);
    assert_eq!(gc, "X d4-d6; s-d4; s-d5");
    assert_eq!(notation::parse_game_courier(&p, &gc).unwrap(), m);
    assert!(describe::describe(&p, m).ends_with("goes to d4 and d5"));
    let mut p = position("upafW", "7k/8/3s4/3S4/3X4/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), to("d4", &["d4d6"]));
    assert_eq!(play(&mut p, "d4d4d6"), "7k/8/3X4/3S4/3s4/8/8/K7 b - - 0 1");
    let p = position("upafW", "7k/8/8/3S4/3X4/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), to("d4", &["d6"]));
    let start = "7k/8/8/3S4/3X1s2/8/8/K7 w - - 0 1";
    let p = position("mpafuW", start);
    assert_eq!(
        moves_from(&p, "d4"),
        to("d4", &["b4", "d2", "e4f4", "d5d6"])
    );
    let mut p = position("mpafuW", start);
    assert_eq!(play(&mut p, "d4e4f4"), "7k/8/8/3S4/4sX2/8/8/K7 b - - 0 1");
    let mut p = position("mpafuW", start);
    assert_eq!(play(&mut p, "d4d5d6"), "7k/8/3X4/8/5s2/8/8/K7 b - - 0 1");
    let p = position("cafuW", "7k/8/8/3s4/3X4/8/8/K7 w - - 0 1");
    assert_eq!(moves_from(&p, "d4"), to("d4", &["d5d6"]));
    for betza in ["uafucW", "upafW", "mpafuW", "cafuW"] {
        assert!(warnings_of(&text(betza)).is_empty(), "{betza}");
    }
    // A move that takes on the way and puts a piece down is still a precise `not played:`.
    assert_not_played("cafmafuW");
}

/// A move lent by `x` that lands where the piece's own move lands: the Diagram's script lists
/// both, and fairylab plays both where they differ. `KxR` on e5 with a white pawn on e4 (it
/// lends its moves along the file) just after Black's d7-d5: the king step e5d6 and the
/// pawn's lent en passant capture onto d6, written with the pawn taken on the way (`e5d5d6`,
/// as the script writes it), which takes d5.
#[test]
fn a_lent_move_beside_the_own_move_to_its_square_is_played() {
    let text = "files=8 ranks=8 promoZone=0 symmetry=none\n\
                pawn:P:ifmnDfmWfceF:pawn:e4,,d7\nborrower:X:KxR:borrower:e5\n\
                king:K:K:king:h1,,a8";
    let v = bundled::compile("lent", text).unwrap();
    let mut p = Position::start(&v);
    play_on(&mut p, "h1g1");
    play_on(&mut p, "d7d5");
    let moves = moves_from(&p, "e5");
    assert!(moves.contains(&"e5d6".to_string()), "{moves:?}");
    assert!(moves.contains(&"e5d5d6".to_string()), "{moves:?}");
    assert_eq!(play(&mut p, "e5d5d6"), "k7/8/3X4/8/4P3/8/8/6K1 b - - 0 2");
    assert_eq!(play(&mut p, "e5d6"), "k7/8/3X4/3p4/4P3/8/8/6K1 b - - 1 2");
}

/// Make the move `text` on `p`.
fn play_on(p: &mut Position, text: &str) {
    let m = notation::parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.make(m);
}

/// The imitator's letters as the script's AI reads them: it keeps only the forward and
/// backward directions (`dirSet &= 17`), so `sI` has no moves (an `ignored:` warning), and
/// `n` on it is masked out of the moves imitated, so `nI` moves as `I`: after White's knight
/// b1-c3 and the black king's step h8-g8 (the type that moved last), the imitator on d1 moves
/// as a king: c1 c2 d2 e1 e2.
#[test]
fn a_sideways_imitator_has_no_moves_and_n_does_nothing() {
    let text = |betza: &str| {
        format!(
            "files=8 ranks=8 promoZone=0 symmetry=none\nknight:N:N:knight:b1\n\
             imitator:I:{betza}:imitator:d1\nking:K:K:king:h1,,h8"
        )
    };
    let after = |betza: &str| {
        let v = bundled::compile("imitator", &text(betza)).unwrap();
        let mut p = Position::start(&v);
        play_on(&mut p, "b1c3");
        play_on(&mut p, "h8g8");
        moves_from(&p, "d1")
    };
    assert!(after("sI").is_empty());
    let said = warnings_of(&text("sI"));
    assert!(
        said.len() == 1 && said[0].contains("ignored: 'sI'"),
        "{said:?}"
    );
    assert_eq!(after("nI"), to("d1", &["c1", "c2", "d2", "e1", "e2"]));
    assert_eq!(after("nI"), after("I"));
    assert!(warnings_of(&text("nI"))[0].contains("ignored: 'n'"));
}
