//! `fairylab balance`: the built binary plays a few games under a node limit (fast and
//! reproducible) and the table's counts add up, for one rule set and for two side by side.

#![cfg(all(not(target_arch = "wasm32"), feature = "cli"))]

mod binary;

use binary::fairylab;
use std::process::Output;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const ENDINGS: [&str; 7] = [
    "checkmate",
    "stalemate",
    "bare king",
    "counter-baring",
    "repetition",
    "50-move rule",
    "ply limit (600)",
];

/// The table as rows of (label, one cell per column), cells cut at the columns' offsets in
/// the heading line.
struct Table {
    titles: Vec<String>,
    rows: Vec<(String, Vec<String>)>,
}

impl Table {
    fn parse(text: &str, titles: &[&str]) -> Table {
        let mut lines = text.lines();
        let head = lines.next().expect("a heading line");
        let starts: Vec<usize> = titles
            .iter()
            .map(|t| head.find(&format!("  {t}")).expect("title in the heading") + 2)
            .collect();
        assert!(head[..starts[0]].trim().is_empty(), "{head}");
        let rows = lines
            .map(|l| {
                let label = l[..starts[0].min(l.len())].trim().to_string();
                let cells = starts
                    .iter()
                    .map(|&s| {
                        let rest = l.get(s..).unwrap_or("");
                        rest.split("  ").next().unwrap_or("").trim().to_string()
                    })
                    .collect();
                (label, cells)
            })
            .collect();
        Table {
            titles: titles.iter().map(|t| t.to_string()).collect(),
            rows,
        }
    }

    fn cell(&self, label: &str, col: usize) -> &str {
        let row = self.rows.iter().find(|(l, _)| l == label);
        &row.unwrap_or_else(|| panic!("no row '{label}'")).1[col]
    }

    fn count(&self, label: &str, col: usize) -> u32 {
        self.cell(label, col)
            .parse()
            .unwrap_or_else(|_| panic!("'{label}' of {}", self.titles[col]))
    }

    /// Every count of column `col` adds up to `games`; the score fits the counts.
    fn check_column(&self, col: usize, games: u32) {
        assert_eq!(self.count("games", col), games);
        let (w, b, d) = (
            self.count("White wins", col),
            self.count("Black wins", col),
            self.count("draws", col),
        );
        assert_eq!(w + b + d, games);
        let endings: u32 = ENDINGS.iter().map(|e| self.count(e, col)).sum();
        assert_eq!(endings, games);
        let score = self.cell("White score (95% Wilson)", col);
        let (mean, interval) = score.split_once(' ').unwrap();
        let expected = (w as f64 + 0.5 * d as f64) / games as f64;
        assert_eq!(mean, format!("{expected:.3}"));
        let (lo, hi) = interval
            .trim_matches(|c| c == '(' || c == ')')
            .split_once('-')
            .unwrap();
        let (lo, hi): (f64, f64) = (lo.parse().unwrap(), hi.parse().unwrap());
        assert!(
            0.0 <= lo && lo <= expected && expected <= hi && hi <= 1.0,
            "{score}"
        );
        let plies: f64 = self.cell("average length (plies)", col).parse().unwrap();
        assert!(plies > 2.0 && plies <= 600.0);
    }
}

#[test]
fn one_rule_set_counts_add_up() {
    let out = fairylab(&["balance", "chess", "--games", "4", "--nodes", "150"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = stdout(&out);
    let t = Table::parse(&text, &["chess"]);
    t.check_column(0, 4);
    let labels: Vec<&str> = t.rows.iter().map(|(l, _)| l.as_str()).collect();
    let mut expected = vec![
        "games",
        "White wins",
        "Black wins",
        "draws",
        "White score (95% Wilson)",
        "average length (plies)",
        "ended by",
    ];
    expected.extend(ENDINGS);
    expected.extend([
        "piece values (centipawns)",
        "pawn",
        "knight",
        "bishop",
        "rook",
        "queen",
        "king",
    ]);
    assert_eq!(labels, expected, "\n{text}");
    assert_eq!(t.cell("king", 0), "royal");
    let knight = t.count("knight", 0);
    assert!((250..=350).contains(&knight), "{knight}");
    // A definition file is read as any other variant argument, and a run repeats exactly.
    let file = fairylab(&[
        "balance",
        "variants/chess.txt",
        "--games",
        "4",
        "--nodes",
        "150",
    ]);
    assert_eq!(file.status.code(), Some(0));
    assert_eq!(
        stdout(&file).lines().skip(1).collect::<Vec<_>>(),
        text.lines().skip(1).collect::<Vec<_>>()
    );
}

#[test]
fn two_rule_sets_side_by_side() {
    let run = |threads: &str| {
        fairylab(&[
            "balance",
            "chess",
            "morphing-chess",
            "--games",
            "3",
            "--nodes",
            "120",
            "--threads",
            threads,
            "--seed",
            "42",
        ])
    };
    let out = run("2");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = stdout(&out);
    let t = Table::parse(&text, &["chess", "morphing-chess"]);
    t.check_column(0, 3);
    t.check_column(1, 3);
    // Same-named pieces share a row; the amazon is Morphing Chess's alone.
    assert_eq!(t.cell("pawn", 0), "100");
    assert_eq!(t.cell("pawn", 1), "100");
    assert_eq!(t.cell("king", 1), "royal");
    assert_eq!(t.cell("amazon", 0), "");
    assert!(t.count("amazon", 1) > t.count("queen", 0));
    // Under a node limit the games do not depend on the number of threads.
    assert_eq!(stdout(&run("1")), text);
}

#[test]
fn usage_and_input_errors_exit_2() {
    for args in [
        &["balance", "chess", "--nodes", "10"][..],
        &["balance", "chess", "--games", "2"],
        &["balance", "chess", "--games", "0", "--nodes", "10"],
        &[
            "balance",
            "chess",
            "--games",
            "2",
            "--nodes",
            "10",
            "--threads",
            "0",
        ],
        &["balance", "--games", "2", "--nodes", "10"],
        &[
            "balance", "chess", "chess", "chess", "--games", "2", "--nodes", "10",
        ],
    ] {
        let out = fairylab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("error: "),
            "{args:?}"
        );
        assert!(out.stdout.is_empty());
    }
    let out = fairylab(&[
        "balance",
        "no-such-variant",
        "--games",
        "2",
        "--nodes",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("fairylab: 'no-such-variant'"));
}

/// The slices of a run (`--shard I/N --json`), merged (`--merge`), print the table the whole
/// run prints: under a node limit the games are the same wherever they are played. Slices
/// missing, repeated or from another run are refused with exit 2.
#[test]
fn slices_merged_equal_the_whole_run() {
    let dir = std::env::temp_dir().join(format!("fairylab-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let base = [
        "balance",
        "chess",
        "symmetric-chess",
        "--games",
        "5",
        "--nodes",
        "120",
    ];
    let whole = fairylab(&base);
    assert_eq!(whole.status.code(), Some(0));
    let mut files = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let mut args = base.to_vec();
        args.extend(["--shard", &shard, "--json", "--threads", "1"]);
        let out = fairylab(&args);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        let file = dir.join(format!("s{i}.json"));
        std::fs::write(&file, &out.stdout).unwrap();
        files.push(file.to_string_lossy().into_owned());
    }
    // In any order.
    let merged = fairylab(&["balance", "--merge", &files[2], &files[0], &files[1]]);
    assert_eq!(merged.status.code(), Some(0), "{merged:?}");
    assert_eq!(stdout(&merged), stdout(&whole));
    // Slice 1 of 3 holds games 1 and 4 of each rule set.
    let one: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&files[0]).unwrap()).unwrap();
    assert_eq!(one["sets"][0]["tally"]["games"], 2);
    assert_eq!(one["sets"][1]["tally"]["games"], 2);

    let other = dir.join("other.json");
    let mut args = base.to_vec();
    args.extend(["--seed", "9", "--shard", "3/3", "--json"]);
    std::fs::write(&other, fairylab(&args).stdout).unwrap();
    let other = other.to_string_lossy().into_owned();
    for (files, says) in [
        (vec![&files[0], &files[1]], "slices missing: 3/3"),
        (vec![&files[0], &files[0], &files[2]], "are both slice 1/3"),
        (vec![&files[0], &files[1], &other], "from another run"),
    ] {
        let mut args = vec!["balance", "--merge"];
        args.extend(files.iter().map(|f| f.as_str()));
        let out = fairylab(&args);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{out:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
