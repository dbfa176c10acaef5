//! What the legs' reading makes of the XBetza letters it takes (the walks they give are tested
//! on the board, in `tests/legs.rs` and `tests/legs_more.rs`).

use crate::betza::{Path, parse};

fn path(betza: &str) -> Path {
    parse(betza).unwrap()[0].path.clone()
}

#[test]
fn crooked_paths_are_laid_out_for_the_board() {
    // zB: two ways round, as many steps as the longer side less one; the first step in the
    // four diagonal directions, the later ones turning 90° right and left in turn.
    let p = path("zB");
    let on8 = p.concrete(8, 8);
    assert_eq!(on8.len(), 2);
    assert!(on8.iter().all(|c| c.legs.len() == 7));
    assert_eq!(on8[0].legs[0].angles, 0xaa);
    assert_eq!(on8[0].legs[1].angles, 0x04);
    assert_eq!(on8[0].legs[2].angles, 0x40);
    assert_eq!(on8[1].legs[1].angles, 0x40);
    // Every step but the last may end the move; the last ends it.
    assert!(on8[0].legs[..6].iter().all(|l| l.modes.end));
    assert!(!on8[0].legs[6].modes.end);
    assert_eq!(p.concrete(12, 6)[0].legs.len(), 11);
    // A range of 2 or more is the number of steps.
    assert_eq!(path("zB3").concrete(8, 8)[0].legs.len(), 3);
    // A hop on the way: one path for each step it may be on, each way round.
    assert_eq!(path("pzB").concrete(8, 8).len(), 2 * 6);
    // g lands on the step beyond the screen: the path ends there.
    let g = path("gzB").concrete(8, 8);
    assert!(g.iter().enumerate().all(|(i, c)| c.legs.len() == i % 6 + 2));
}

#[test]
fn circular_paths_turn_45_degrees_and_stop_at_seven_steps() {
    let p = path("qN");
    let on10 = p.concrete(10, 10);
    assert_eq!(on10.len(), 2);
    assert!(on10.iter().all(|c| c.legs.len() == 7));
    assert!(on10[0].legs[1..].iter().all(|l| l.angles == 0x80));
    assert!(on10[1].legs[1..].iter().all(|l| l.angles == 0x02));
    assert_eq!(p.concrete(6, 5)[0].legs.len(), 5);
    assert_eq!(path("qN9").concrete(16, 16)[0].legs.len(), 7);
}

#[test]
fn wrapping_legs() {
    assert_eq!(path("oR").legs[0].wrap, 1);
    assert_eq!(path("ooN").legs[0].wrap, 2);
    assert_eq!(path("oooN").legs[0].wrap, 2);
    assert_eq!(parse("ooooN").unwrap_err().offset, 3);
    // Per leg: only the second leg of `mafoR` wraps.
    let p = path("mafoR");
    assert_eq!((p.legs[0].wrap, p.legs[1].wrap), (0, 1));
    // Dropped, as the Diagram drops it, on a hop's last leg and on a crooked move, with a
    // note where it stands.
    for betza in ["opR", "ozB"] {
        let c = &parse(betza).unwrap()[0];
        assert_eq!(c.notes.len(), 1, "{betza}");
        assert_eq!(c.notes[0].offset, 0, "{betza}");
    }
    assert!(path("opR").legs.iter().all(|l| l.wrap == 0));
}

#[test]
fn jumping_legs() {
    // Ski-slider: the first square whatever stands there, then straight on for the rest.
    let p = path("jW3");
    assert_eq!(p.legs.len(), 2);
    assert!(p.legs[0].modes.quiet && p.legs[0].modes.hop && p.legs[0].range == 1);
    assert_eq!((p.legs[1].angles, p.legs[1].range), (1, 2));
    assert_eq!(path("jF").legs[1].range, 0);
    // A leap in a line that must leap over pieces.
    let p = path("jD");
    assert!(p.legs.len() == 1 && p.legs[0].jump && p.legs[0].range == 1);
    assert!(path("jDD").legs[0].range == 0);
    // Dropped on a hop's last leg, as the Diagram drops it.
    let c = &parse("jpR").unwrap()[0];
    assert_eq!(c.notes.len(), 1);
    assert!(path("jpR").legs.iter().all(|l| !l.jump));
    assert_eq!(parse("jjD").unwrap_err().offset, 1);
}

#[test]
fn legs_of_equal_length() {
    let p = path("mafsiR");
    assert!(!p.legs[0].iso && p.legs[1].iso);
    // On a hop's last leg the Diagram drops it.
    let c = &parse("mafipR").unwrap()[0];
    assert_eq!(c.notes.len(), 1);
    assert_eq!(c.notes[0].offset, 3);
}

#[test]
fn check_only_legs() {
    // k alone is a mode: no default mc is added.
    let m = path("kR").legs[0].modes;
    assert!(m.royal && !m.quiet && !m.capture);
    // A leg that is not the last gets m as well, as in the Diagram (k does not count there).
    let m = path("kaW").legs[0].modes;
    assert!(m.royal && m.quiet);
    // Dropped on a hop's last leg: kpR moves as pR.
    let c = &parse("kpR").unwrap()[0];
    assert_eq!(c.notes.len(), 1);
    let p = &c.path;
    assert!(p.legs[1].modes.quiet && p.legs[1].modes.capture && !p.legs[1].modes.royal);
}

#[test]
fn destroy_dropped_on_a_hops_last_leg() {
    // dpR moves as pR in the Diagram: the landing takes enemies and moves, not friends.
    let c = &parse("dpR").unwrap()[0];
    assert_eq!((c.notes.len(), c.notes[0].offset), (1, 0));
    let p = &c.path;
    let m = p.legs[1].modes;
    assert!(m.quiet && m.capture && !m.destroy);
    // On a leg that is not the last it stays.
    assert!(path("dafpR").legs[0].modes.destroy);
}

#[test]
fn crooked_moves_refuse_what_the_diagram_drops() {
    let e = parse("zaB").unwrap_err();
    assert_eq!(e.offset, 0);
    assert!(e.message.contains("several legs"), "{}", e.message);
    let e = parse("WdzB").unwrap_err();
    assert_eq!(e.offset, 1);
    assert!(
        e.message.contains("'d' on a crooked or circular move"),
        "{}",
        e.message
    );
}
