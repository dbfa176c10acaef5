//! Count a variant's positions to a depth, move by move: a variant's Interactive Diagram text
//! from a file (or a bundled variant by name), its start position, each legal move with the
//! positions under it, and the total.
//!
//!     cargo run --release --example perft -- variants/morphing-chess.txt 3
//!     cargo run --release --example perft -- chess 4
use fairylab::{bundled, notation, position::Position};

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(source), Some(depth)) = (args.next(), args.next()) else {
        eprintln!("usage: perft <definition file or bundled name> <depth>");
        std::process::exit(2);
    };
    let depth: u32 = depth.parse().unwrap_or_else(|_| {
        eprintln!("perft: the depth {depth:?} is not a whole number");
        std::process::exit(2);
    });
    let variant = match bundled::load(&source) {
        Some(v) => v,
        None => {
            let text = std::fs::read_to_string(&source).unwrap_or_else(|e| {
                eprintln!("perft: {source}: {e}");
                std::process::exit(1);
            });
            // An error names its line and column in the text.
            bundled::compile(&source, &text).unwrap_or_else(|e| {
                eprintln!("perft: {source}: {e}");
                std::process::exit(1);
            })
        }
    };
    let mut position = Position::start(&variant);
    if depth == 0 {
        println!("1");
        return;
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut total = 0;
    for m in moves {
        let undo = position.make(m);
        let count = position.perft(depth - 1);
        position.unmake(&undo);
        println!("{}: {count}", notation::to_coordinate(&variant, m));
        total += count;
    }
    println!("{total}");
}
