//! The command line, as clap derive types: subcommands, arguments, help texts.

use clap::{Args, Parser, Subcommand};
use fairylab::bundled::BUNDLED;
use fairylab::search::Limits;

/// Chess variants from Interactive Diagram definitions: move generation, definition checks,
/// the engine, and play-testing.
#[derive(Parser, Debug)]
#[command(
    name = "fairylab",
    version,
    arg_required_else_help = true,
    after_help = after_help()
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

fn after_help() -> String {
    let names: Vec<&str> = BUNDLED.iter().map(|(name, _)| *name).collect();
    format!(
        "A VARIANT-OR-FILE is a bundled variant ({}),\n\
         or a path to Interactive Diagram text.\n\
         Moves are in coordinate form: e2e4, e7e8q, castling as the king's move (e1g1).\n\
         Exit status: 0 done; 1 an invalid definition (check) or an illegal engine move\n\
         (selfplay, balance); 2 a usage or input error.",
        names.join(", ")
    )
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count legal move sequences to a depth
    ///
    /// The last ply is bulk-counted; in Marseillais each single move is a ply. The last line
    /// printed is the count alone.
    #[command(args_override_self = true)]
    Perft {
        /// A bundled variant or a definition file
        #[arg(value_name = "VARIANT-OR-FILE")]
        variant: String,
        /// Plies to count (in Marseillais each single move is a ply)
        depth: u32,
        #[command(flatten)]
        start: Start,
        /// First print one `move: count` line per legal move, sorted
        #[arg(long)]
        divide: bool,
    },
    /// Print the legal moves, one per line, sorted
    #[command(args_override_self = true)]
    Moves {
        /// A bundled variant or a definition file
        #[arg(value_name = "VARIANT-OR-FILE")]
        variant: String,
        #[command(flatten)]
        start: Start,
    },
    /// Check a definition file
    ///
    /// Prints a one-line summary and exits 0 for a valid definition, or prints
    /// `LINE:COL: message` lines and exits 1.
    Check {
        /// Interactive Diagram text
        file: String,
    },
    /// Search a position for the best move
    ///
    /// Prints `info depth D score cp S nodes N nps X pv m1 m2 ...` (or `score mate M`) per
    /// finished iteration, then `bestmove <move>`.
    #[command(args_override_self = true)]
    Bestmove {
        /// A bundled variant or a definition file
        #[arg(value_name = "VARIANT-OR-FILE")]
        variant: String,
        #[command(flatten)]
        start: Start,
        #[command(flatten)]
        limits: SearchLimits,
    },
    /// Play games of the engine against itself, checking every move
    ///
    /// Prints one line per game and a summary; exits 1 on an illegal move.
    #[command(args_override_self = true)]
    Selfplay {
        /// A bundled variant or a definition file
        #[arg(value_name = "VARIANT-OR-FILE")]
        variant: String,
        /// Games to play
        #[arg(long, value_name = "N")]
        games: u32,
        #[command(flatten)]
        limits: MoveLimits,
        /// Start every game from the array the variant's `shuffle` key deals from seed N (no
        /// effect without one) [default: the array as written]
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// Play-test rules A (against rules B): engine games on every core, then a table
    ///
    /// Plays N engine-against-engine games of rules A (and N of rules B) and prints a table
    /// with a column per rule set: White wins, Black wins, draws, White's score with its 95%
    /// Wilson interval, the average game length, how the games ended, and the engine's
    /// piece values.
    #[command(args_override_self = true, after_help = balance_help())]
    Balance {
        /// The rules to test (VARIANT-OR-FILE)
        #[arg(value_name = "A", required_unless_present = "merge")]
        a: Option<String>,
        /// Rules to compare with, in a second column (VARIANT-OR-FILE)
        #[arg(value_name = "B")]
        b: Option<String>,
        /// Games per rule set
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..),
              required_unless_present = "merge")]
        games: Option<u32>,
        #[command(flatten)]
        limits: BalanceLimits,
        /// Games played at once [default: the number of cores]
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        threads: Option<u32>,
        /// Seed of the random opening plies; game i of a run always opens the same way
        #[arg(long, value_name = "S", default_value_t = fairylab::balance::DEFAULT_SEED)]
        seed: u64,
        /// Play only slice I of N (1 to N): the games whose number is I modulo N
        #[arg(long, value_name = "I/N", value_parser = parse_shard)]
        shard: Option<(u32, u32)>,
        /// Print the results as JSON (for --merge) instead of the table
        #[arg(long)]
        json: bool,
        /// Join the JSON of a run's slices into the table one run prints
        #[arg(long, value_name = "FILE", num_args = 1..,
              conflicts_with_all = ["a", "b", "games", "time_ms", "nodes", "depth", "threads",
                                    "shard", "json"])]
        merge: Vec<String>,
    },
    /// Measure each piece type's value in pawns by engine games from imbalanced starts
    ///
    /// For each type in the start array, games where one side lacks one of that type and
    /// the other as many pawns as the engine thinks it is worth, and a calibration where one
    /// side lacks two pawns (H. G. Muller's method). Prints `NAME VALUE LOW HIGH` per type
    /// (pawns, with the 95% interval; spaces in a name as `-`), then a table of the games.
    #[command(args_override_self = true)]
    Values {
        /// A bundled variant or a definition file
        #[arg(value_name = "VARIANT-OR-FILE")]
        variant: String,
        /// Games per imbalance
        #[arg(long, value_name = "N", default_value_t = 160,
              value_parser = clap::value_parser!(u32).range(2..))]
        games: u32,
        /// Milliseconds per move (instead of a node limit)
        #[arg(long = "time-ms", value_name = "T", conflicts_with = "nodes")]
        time_ms: Option<f64>,
        /// Nodes per move [default: 6000]
        #[arg(long, value_name = "N")]
        nodes: Option<u64>,
        /// Games played at once [default: the number of cores]
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        threads: Option<u32>,
        /// Seed of the imbalances and opening plies
        #[arg(long, value_name = "S", default_value_t = fairylab::balance::DEFAULT_SEED)]
        seed: u64,
    },
    /// Fit the evaluation's weights to a teacher's scores (docs/eval.md)
    Tune {
        #[command(subcommand)]
        action: crate::tune::Tune,
    },
    /// Speak the Universal Chess Interface on stdin and stdout (docs/uci.md)
    ///
    /// For GUIs and match tools: uci, isready, ucinewgame, setoption (UCI_Variant,
    /// VariantPath, Hash, Move Overhead), position, go, stop, quit.
    Uci,
}

fn balance_help() -> String {
    format!(
        "Each game opens with two random plies (from --seed and the game's number; a variant\n\
         with a `shuffle` key also deals each game's array from them), then the engine plays\n\
         both sides with the limits given per move. A game still going after\n\
         {} plies is a draw by \"ply limit\". With --nodes and no --time-ms a run is\n\
         reproducible on any number of threads. White's score counts a draw as 1/2; its\n\
         interval is Wilson's for a proportion, which draws make conservative. A progress\n\
         bar shows on stderr when it is a terminal; the games per minute follow it.\n\n\
         To spread a run over machines, run each slice with --shard I/N --json > sI.json\n\
         (same rules, --games, --seed and limits) and join them with\n\
         `fairylab balance --merge s1.json ... sN.json`; with --nodes the merged table is the\n\
         whole run's. docs/balance.md shows GNU parallel, Kubernetes and Slurm.",
        fairylab::balance::MAX_PLIES
    )
}

/// The position to start from.
#[derive(Args, Debug)]
pub struct Start {
    /// Start from this position instead of the initial one
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// Play these coordinate moves first (space-separated, one argument)
    #[arg(long, value_name = "\"m1 m2 ...\"")]
    pub moves: Option<String>,
    /// Start from the array the variant's `shuffle` key deals from seed N (no effect without
    /// one) [default: the array as written]
    #[arg(long, value_name = "N", conflicts_with = "fen")]
    pub seed: Option<u64>,
}

/// The limits of every move of a balance game: as [`MoveLimits`], none with `--merge`.
#[derive(Args, Debug)]
pub struct BalanceLimits {
    /// Milliseconds per move
    #[arg(long = "time-ms", value_name = "T", required_unless_present_any = ["nodes", "merge"])]
    pub time_ms: Option<f64>,
    /// Nodes per move
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Depth cap per move
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
}

/// `I/N` with 1 <= I <= N.
fn parse_shard(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("'{text}' is not I/N with 1 <= I <= N (say 2/8)");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n) = (
        i.parse::<u32>().map_err(|_| bad())?,
        n.parse::<u32>().map_err(|_| bad())?,
    );
    if i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// A search's limits: at least one.
#[derive(Args, Debug)]
#[group(required = true, multiple = true)]
pub struct SearchLimits {
    /// Search to this depth
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
    /// Stop after this many milliseconds (after depth 1)
    #[arg(long = "time-ms", value_name = "T")]
    pub time_ms: Option<f64>,
    /// Stop after this many nodes (after depth 1)
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
}

/// The limits of every move of a game: a time or a node limit, and perhaps a depth cap.
#[derive(Args, Debug)]
pub struct MoveLimits {
    /// Milliseconds per move
    #[arg(long = "time-ms", value_name = "T", required_unless_present = "nodes")]
    pub time_ms: Option<f64>,
    /// Nodes per move
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Depth cap per move
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,
}

impl From<&SearchLimits> for Limits {
    fn from(l: &SearchLimits) -> Limits {
        Limits {
            depth: l.depth,
            nodes: l.nodes,
            time_ms: l.time_ms,
            soft_time_ms: None,
        }
    }
}

impl From<&BalanceLimits> for Limits {
    fn from(l: &BalanceLimits) -> Limits {
        Limits {
            depth: l.depth,
            nodes: l.nodes,
            time_ms: l.time_ms,
            soft_time_ms: None,
        }
    }
}

impl From<&MoveLimits> for Limits {
    fn from(l: &MoveLimits) -> Limits {
        Limits {
            depth: l.depth,
            nodes: l.nodes,
            time_ms: l.time_ms,
            soft_time_ms: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
