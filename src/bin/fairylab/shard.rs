//! A balance run in slices (docs/balance.md): `--shard I/N --json` writes one slice's
//! tallies, `--merge FILE...` checks that the files are the slices of one run, each once, and
//! prints the table the whole run prints.

use fairylab::balance::{Column, PieceValue, Tally, table};
use fairylab::search::Limits;
use serde_json::{Value, json};
use std::process::ExitCode;

/// The settings of a balance run, and the slice of its games this process plays.
pub struct Run {
    /// Games per rule set.
    pub games: u32,
    pub limits: Limits,
    pub threads: usize,
    pub seed: u64,
    /// Slice I of N (1-based); (1, 1) for the whole run.
    pub shard: (u32, u32),
    /// JSON for `--merge` instead of the table.
    pub json: bool,
}

impl Run {
    /// The games (0-based numbers) of this run's slice.
    pub fn games(&self) -> Vec<usize> {
        let (i, n) = (self.shard.0 as usize, self.shard.1 as usize);
        (0..self.games as usize)
            .filter(|g| g % n == i - 1)
            .collect()
    }
}

/// The format's name and version, the first key of every file.
const FORMAT: &str = "fairylab-balance-1";

/// One slice's results as JSON: the run's settings, the slice, and per rule set its title,
/// tally and piece values.
pub fn to_json(
    run: &Run,
    titles: &[&str],
    tallies: &[Tally],
    values: &[Vec<PieceValue>],
) -> String {
    let sets: Vec<Value> = (titles.iter().zip(tallies).zip(values))
        .map(|((title, t), values)| {
            let values: Vec<Value> = (values.iter())
                .map(|p| json!({"id": p.id.to_string(), "name": p.name, "value": p.value, "royal": p.royal}))
                .collect();
            json!({
                "title": title,
                "tally": {
                    "games": t.games,
                    "white_wins": t.white_wins,
                    "black_wins": t.black_wins,
                    "draws": t.draws,
                    "plies": t.plies,
                    "endings": t.endings,
                },
                "values": values,
            })
        })
        .collect();
    let l = &run.limits;
    json!({
        "format": FORMAT,
        "games": run.games,
        "seed": run.seed,
        "limits": {"time_ms": l.time_ms, "nodes": l.nodes, "depth": l.depth},
        "shard": [run.shard.0, run.shard.1],
        "sets": sets,
    })
    .to_string()
}

/// One file read back: the run it belongs to (everything but the slice and the tallies, to
/// compare), its slice, and its tallies and values.
struct Slice {
    run: Value,
    shard: (u64, u64),
    tallies: Vec<Tally>,
    values: Vec<Vec<PieceValue>>,
    titles: Vec<String>,
}

fn read(file: &str) -> Result<Slice, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read '{file}': {e}"))?;
    let doc: Value = serde_json::from_str(&text).map_err(|e| format!("{file}: not JSON: {e}"))?;
    let bad = |what: &str| format!("{file}: not a `fairylab balance --json` file: {what}");
    if doc["format"] != FORMAT {
        return Err(bad(&format!("\"format\" is not \"{FORMAT}\"")));
    }
    let shard = match doc["shard"]
        .as_array()
        .map(|a| (a[0].as_u64(), a.get(1).and_then(Value::as_u64)))
    {
        Some((Some(i), Some(n))) if i >= 1 && i <= n => (i, n),
        _ => return Err(bad("\"shard\" is not [I, N]")),
    };
    let sets = doc["sets"].as_array().ok_or_else(|| bad("no \"sets\""))?;
    let mut tallies = Vec::new();
    let mut values = Vec::new();
    let mut titles = Vec::new();
    for set in sets {
        let t = &set["tally"];
        let n = |k: &str| t[k].as_u64().ok_or_else(|| bad(&format!("tally.{k}")));
        let endings = t["endings"]
            .as_array()
            .ok_or_else(|| bad("tally.endings"))?;
        let mut tally = Tally {
            games: n("games")? as u32,
            white_wins: n("white_wins")? as u32,
            black_wins: n("black_wins")? as u32,
            draws: n("draws")? as u32,
            plies: n("plies")?,
            endings: [0; 7],
        };
        if endings.len() != tally.endings.len() {
            return Err(bad("tally.endings"));
        }
        for (e, v) in tally.endings.iter_mut().zip(endings) {
            *e = v.as_u64().ok_or_else(|| bad("tally.endings"))? as u32;
        }
        tallies.push(tally);
        let vs = set["values"].as_array().ok_or_else(|| bad("values"))?;
        let vs: Option<Vec<PieceValue>> = (vs.iter())
            .map(|p| {
                Some(PieceValue {
                    id: fairylab::piece::PieceId::new(p["id"].as_str()?)?,
                    name: p["name"].as_str()?.to_string(),
                    value: p["value"].as_i64()? as i32,
                    royal: p["royal"].as_bool()?,
                })
            })
            .collect();
        values.push(vs.ok_or_else(|| bad("values"))?);
        titles.push(
            set["title"]
                .as_str()
                .ok_or_else(|| bad("title"))?
                .to_string(),
        );
    }
    if tallies.is_empty() || tallies.len() > 2 {
        return Err(bad("one or two rule sets"));
    }
    let mut run = doc.clone();
    for k in ["shard", "sets"] {
        run.as_object_mut().map(|o| o.remove(k));
    }
    run["titles"] = json!(titles);
    Ok(Slice {
        run,
        shard,
        tallies,
        values,
        titles,
    })
}

/// `--merge`: the slices of one run, each once, joined into its table.
pub fn merge(files: &[String]) -> Result<ExitCode, String> {
    let slices: Vec<Slice> = files.iter().map(|f| read(f)).collect::<Result<_, _>>()?;
    let first = &slices[0];
    let n = first.shard.1;
    let mut seen = vec![None; n as usize];
    for (file, s) in files.iter().zip(&slices) {
        if s.run != first.run || s.shard.1 != n {
            return Err(format!(
                "{file} is from another run than {} (rules, games, seed, limits or slices differ)",
                files[0]
            ));
        }
        let slot = &mut seen[s.shard.0 as usize - 1];
        if let Some(other) = slot {
            return Err(format!(
                "{file} and {other} are both slice {}/{n}",
                s.shard.0
            ));
        }
        *slot = Some(file);
    }
    let missing: Vec<String> = (seen.iter().enumerate())
        .filter(|(_, f)| f.is_none())
        .map(|(i, _)| format!("{}/{n}", i + 1))
        .collect();
    if !missing.is_empty() {
        return Err(format!("slices missing: {}", missing.join(", ")));
    }
    let mut tallies = vec![Tally::default(); first.tallies.len()];
    for s in &slices {
        for (t, u) in tallies.iter_mut().zip(&s.tallies) {
            t.merge(u);
        }
    }
    let columns: Vec<Column> = (first.titles.iter().zip(&tallies).zip(&first.values))
        .map(|((title, tally), values)| Column {
            title,
            tally,
            values,
        })
        .collect();
    print!("{}", table(&columns[0], columns.get(1)));
    Ok(ExitCode::SUCCESS)
}
