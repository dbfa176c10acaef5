use super::*;

fn side(white: u32, black: u32, draws: u32) -> SideReport {
    SideReport {
        games: white + black + draws,
        white_wins: white,
        black_wins: black,
        draws,
        average_plies: 80.5,
        white_score: Some(0.5),
        interval: Some((0.25, 0.75)),
        endings: vec![
            ("checkmate".into(), white + black),
            ("stalemate".into(), draws),
        ],
        values: vec![("king".into(), 0, true), ("knight".into(), 310, false)],
    }
}

fn settings(games: u32) -> Settings {
    Settings::new(games as f64, 20.0, 0.0).unwrap()
}

/// Starts a run of chess alone; returns its job.
fn start(lab: &mut Lab, b: Option<&str>, caller: Option<u32>) -> LabJob {
    let mut fx = Vec::new();
    let rules = ("chess text".to_string(), b.map(str::to_string));
    lab.start(rules, "chess", settings(4), caller, &mut fx)
        .unwrap();
    match fx.as_slice() {
        [LabEffect::Start(job), LabEffect::Show] => job.clone(),
        other => panic!("unexpected effects {other:?}"),
    }
}

#[test]
fn settings_refuse_bad_numbers() {
    assert!(Settings::new(0.0, 20.0, 0.0).is_err());
    assert!(Settings::new(-3.0, 20.0, 0.0).is_err());
    assert!(Settings::new(2.5, 20.0, 0.0).is_err());
    assert!(Settings::new(f64::NAN, 20.0, 0.0).is_err());
    assert!(Settings::new(1e12, 20.0, 0.0).is_err());
    assert!(Settings::new(4.0, -1.0, 0.0).is_err());
    assert!(Settings::new(4.0, f64::INFINITY, 0.0).is_err());
    assert!(Settings::new(4.0, 0.0, 0.0).is_err(), "no limit at all");
    assert!(Settings::new(4.0, 0.0, -5.0).is_err());
    assert_eq!(
        Settings::new(4.0, 0.0, 1000.0).unwrap(),
        Settings {
            games: 4,
            time_ms: 0.0,
            nodes: 1000.0
        }
    );
    let err = Settings::parse("ten", "20").unwrap_err();
    assert!(err.contains("games must be a number"), "{err}");
    assert_eq!(Settings::parse(" 10 ", "5").unwrap(), settings_ms(10, 5.0));
    assert!(Settings::parse("10", "").is_err());
}

fn settings_ms(games: u32, time_ms: f64) -> Settings {
    Settings {
        games,
        time_ms,
        nodes: 0.0,
    }
}

#[test]
fn a_run_goes_from_running_to_done_and_settles_its_caller() {
    let mut lab = Lab::default();
    assert_eq!(lab.state, RunState::Idle);
    let job = start(&mut lab, None, Some(7));
    assert_eq!(job.a, "chess text");
    assert_eq!(job.b, "");
    assert_eq!(lab.progress(), (0, 4));
    assert_eq!(lab.status(), "Running: 0 of 4 games");

    let mut fx = Vec::new();
    let report = |done| Report {
        done,
        total: 4,
        a: side(done, 0, 0),
        b: None,
        pieces: None,
    };
    lab.progress_report(job.id, report(1), &mut fx);
    assert_eq!(fx, vec![LabEffect::Show]);
    assert_eq!(lab.progress(), (1, 4));
    fx.clear();
    lab.finished(job.id, report(4), &mut fx);
    assert_eq!(
        fx,
        vec![
            LabEffect::Terminate,
            LabEffect::Show,
            LabEffect::Settle {
                caller: 7,
                result: Ok(report(4))
            }
        ]
    );
    assert_eq!(lab.state, RunState::Done { total: 4 });
    assert_eq!(lab.status(), "Done: 4 games");
    assert_eq!(lab.progress(), (4, 4));
}

#[test]
fn a_second_run_is_refused_while_one_goes() {
    let mut lab = Lab::default();
    start(&mut lab, None, None);
    let mut fx = Vec::new();
    let again = lab.start(("x".into(), None), "chess", settings(2), Some(1), &mut fx);
    assert!(again.unwrap_err().contains("already going"));
    assert!(fx.is_empty());
}

#[test]
fn stop_terminates_the_worker_and_drops_its_late_replies() {
    let mut lab = Lab::default();
    let job = start(&mut lab, Some("edited text"), Some(3));
    assert_eq!(job.b, "edited text");
    assert_eq!(lab.progress(), (0, 8), "4 games of each rule set");
    let mut fx = Vec::new();
    let report = Report {
        done: 3,
        total: 8,
        a: side(1, 1, 0),
        b: Some(side(0, 0, 1)),
        pieces: None,
    };
    lab.progress_report(job.id, report.clone(), &mut fx);
    fx.clear();
    assert!(lab.stop(&mut fx));
    assert_eq!(fx[0], LabEffect::Terminate);
    assert!(matches!(
        &fx[2],
        LabEffect::Settle { caller: 3, result: Err(why) } if why.contains("stopped after 3 of 8")
    ));
    assert_eq!(lab.status(), "Stopped after 3 of 8 games");
    fx.clear();
    lab.progress_report(job.id, report.clone(), &mut fx);
    lab.finished(job.id, report.clone(), &mut fx);
    lab.failed(job.id, "late", &mut fx);
    assert!(fx.is_empty(), "a stopped run's replies are dropped");
    assert!(!lab.stop(&mut fx), "nothing to stop");
    // The stopped run's table stays; a new run gets a new id.
    assert_eq!(lab.report, Some(report));
    let next = start(&mut lab, None, None);
    assert_ne!(next.id, job.id);
    assert!(
        lab.rows().is_empty(),
        "a new run starts with an empty table"
    );
}

#[test]
fn a_failure_is_shown_and_rejects_the_caller() {
    let mut lab = Lab::default();
    let job = start(&mut lab, None, Some(9));
    let mut fx = Vec::new();
    lab.failed(job.id + 1, "another run's", &mut fx);
    assert!(fx.is_empty());
    lab.failed(job.id, "rules A: 1:1: bad", &mut fx);
    assert_eq!(lab.status(), "Failed: rules A: 1:1: bad");
    assert!(matches!(
        &fx[2],
        LabEffect::Settle { caller: 9, result: Err(why) } if why.contains("1:1: bad")
    ));
    assert_eq!(lab.progress(), (0, 0));
}

#[test]
fn rows_put_rule_sets_side_by_side() {
    let mut lab = Lab::default();
    let job = start(&mut lab, Some("edited"), None);
    let mut b = side(0, 2, 2);
    b.values = vec![("king".into(), 0, true), ("wizard".into(), 450, false)];
    b.endings.push(("ply limit".into(), 2));
    let mut fx = Vec::new();
    let report = Report {
        done: 8,
        total: 8,
        a: side(3, 1, 0),
        b: Some(b),
        pieces: None,
    };
    lab.progress_report(job.id, report, &mut fx);
    let rows = lab.rows();
    let find = |label: &str| {
        rows.iter()
            .find(|r| r.label == label)
            .unwrap()
            .cells
            .clone()
    };
    assert_eq!(rows[0].kind, RowKind::Heading);
    assert_eq!(rows[0].cells, ["A: chess", "B: edited"]);
    assert_eq!(find("White wins"), ["3", "0"]);
    assert_eq!(find("Black wins"), ["1", "2"]);
    assert_eq!(find("draws"), ["0", "2"]);
    assert_eq!(find("White score (95%)"), ["0.500 (0.250–0.750)"; 2]);
    assert_eq!(find("average length (plies)"), ["80.5"; 2]);
    assert_eq!(find("checkmate"), ["4", "2"]);
    assert_eq!(find("ply limit"), ["–", "2"]);
    assert_eq!(find("king"), ["royal", "royal"]);
    assert_eq!(find("knight"), ["310", "–"]);
    assert_eq!(find("wizard"), ["–", "450"]);
    let groups: Vec<_> = rows.iter().filter(|r| r.kind == RowKind::Group).collect();
    assert_eq!(groups.len(), 2);
    assert!(groups.iter().all(|g| g.cells.is_empty()));
}

#[test]
fn one_rule_set_has_one_column_and_no_games_show_dashes() {
    let mut lab = Lab::default();
    let job = start(&mut lab, None, None);
    let mut fx = Vec::new();
    let empty = SideReport {
        white_score: None,
        interval: None,
        ..SideReport::default()
    };
    let report = Report {
        done: 0,
        total: 4,
        a: empty,
        b: None,
        pieces: None,
    };
    lab.progress_report(job.id, report, &mut fx);
    let rows = lab.rows();
    assert!(rows.iter().all(|r| r.cells.len() <= 1));
    let cell = |label: &str| rows.iter().find(|r| r.label == label).unwrap().cells[0].clone();
    assert_eq!(cell("White score (95%)"), "–");
    assert_eq!(cell("average length (plies)"), "–");
}
