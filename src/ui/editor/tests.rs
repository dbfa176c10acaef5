//! The rules editor's model and handlers, with no browser: A and B, errors at their line and
//! column, replays that keep or stop the game, undo, continue, restart, and bad input.

use super::*;
use crate::designer::diff::Change;
use crate::ui::applet::{Applet, Effect};
use crate::ui::computer::Computer;
use crate::ui::player::{Level, Mode};
use crate::ui::session::Session;

const N2: &str = "knight:N:N2:knight";
const N: &str = "knight:N:N:knight";

fn applet(variant: &str, moves: &[&str]) -> Applet {
    let (game, _) = Session::fresh_game(Some(variant));
    let computer = Computer::new(Mode::Human, Level::DEFAULT);
    let mut a = Applet::new(game, false, computer, &mut Vec::new());
    for m in moves {
        a.play(m, 0.0, &mut Vec::new()).unwrap();
    }
    a
}

fn history(a: &Applet) -> Vec<String> {
    a.session.game().history()
}

fn edit(a: &mut Applet, text: &str) -> Result<Outcome, Vec<TextError>> {
    a.edit_definition(text, &mut Vec::new())
}

#[test]
fn a_new_variant_is_rules_a_alone() {
    let mut a = applet("morphing-chess", &[]);
    let text = a.session.variant().source.clone();
    assert_eq!(a.rules_editor.text(), text);
    assert_eq!(a.rules_editor.draft(), text);
    assert_eq!(a.rules_texts(), (text.clone(), None));
    assert_eq!(a.rules_editor.in_play(), Rules::A);
    assert!(a.rules_editor.diff().is_none() && a.rules_editor.note().is_none());
    assert!(!a.rules_editor.can_undo());

    edit(&mut a, &text.replace(N2, N)).unwrap();
    let mut fx = Vec::new();
    a.set_variant("chess", &mut fx).unwrap();
    assert!(fx.contains(&Effect::ShowEditor));
    let chess = a.session.variant().source.clone();
    assert_eq!(a.rules_texts(), (chess, None), "another variant drops B");
    assert!(!a.rules_editor.can_undo());
}

#[test]
fn an_edit_that_keeps_every_move_keeps_the_game() {
    let mut a = applet("morphing-chess", &["e2e3", "e8e7", "b1c3"]);
    let fen = a.session.game().fen();
    let text = a.session.variant().source.clone();
    let edited = text.replace(N2, N);
    let outcome = edit(&mut a, &edited).unwrap();
    assert_eq!(
        outcome,
        Outcome {
            replayed: 3,
            stopped_at: None,
            message: None
        }
    );
    assert_eq!(a.session.game().fen(), fen);
    assert_eq!(a.session.variant().source, edited);
    assert_eq!(a.rules_editor.in_play(), Rules::B);
    assert_eq!(a.rules_texts(), (text, Some(edited.clone())));
    assert_eq!(a.rules_editor.text(), edited);
    let diff = a.rules_editor.diff().unwrap();
    let changed: Vec<Change> = (diff.iter())
        .filter(|l| l.change != Change::Same)
        .map(|l| l.change)
        .collect();
    assert_eq!(changed, [Change::Removed, Change::Added]);
    assert!(a.rules_editor.note().unwrap().contains("3 moves replayed"));
}

#[test]
fn a_stopped_replay_says_why_and_undo_brings_back_the_whole_game() {
    let mut a = applet("morphing-chess", &["e2e3", "e8e7", "b1d5"]);
    let text = a.session.variant().source.clone();
    let outcome = edit(&mut a, &text.replace(N2, N)).unwrap();
    assert_eq!((outcome.replayed, outcome.stopped_at), (2, Some(2)));
    let note = a.rules_editor.note().unwrap();
    assert!(
        note.contains("b1-d5 is no longer legal: the knight now moves as N"),
        "{note}"
    );
    assert!(a.rules_editor.stopped());
    assert_eq!(history(&a), ["e2e3", "e8e7"]);

    let mut fx = Vec::new();
    assert!(a.undo_edit(&mut fx));
    assert!(fx.contains(&Effect::ShowEditor) && fx.contains(&Effect::Redraw));
    assert_eq!(a.rules_editor.text(), text);
    assert_eq!(a.rules_editor.draft(), text);
    assert_eq!(a.session.variant().source, text);
    assert_eq!(history(&a), ["e2e3", "e8e7", "b1d5"]);
    assert!(!a.rules_editor.can_undo() && a.rules_editor.note().is_none());
    assert!(!a.undo_edit(&mut Vec::new()), "nothing more to undo");
}

#[test]
fn mending_an_edit_replays_the_whole_kept_game() {
    let mut a = applet("morphing-chess", &["e2e3", "e8e7", "b1d5"]);
    let text = a.session.variant().source.clone();
    edit(&mut a, &text.replace(N2, N)).unwrap();
    assert_eq!(history(&a).len(), 2);
    // Typing on: back to N2 (as B, with a comment), and the third move is back.
    let mended = format!("{text}\n# mended\n");
    let outcome = edit(&mut a, &mended).unwrap();
    assert_eq!((outcome.replayed, outcome.stopped_at), (3, None));
    assert_eq!(history(&a), ["e2e3", "e8e7", "b1d5"]);
    // Undo still goes back to the rules before the first edit.
    a.undo_edit(&mut Vec::new());
    assert_eq!(a.rules_texts(), (text, None));
}

#[test]
fn a_game_that_moved_on_starts_a_new_session() {
    let mut a = applet("morphing-chess", &["e2e3"]);
    let text = a.session.variant().source.clone();
    let edited = text.replace(N2, N);
    edit(&mut a, &edited).unwrap();
    a.play("e8e7", 0.0, &mut Vec::new()).unwrap();
    let again = format!("{edited}\n");
    edit(&mut a, &again).unwrap();
    assert_eq!(history(&a), ["e2e3", "e8e7"]);
    a.undo_edit(&mut Vec::new());
    // Back to the first edit's rules with the game as it was when this session began.
    assert_eq!(a.rules_editor.text(), edited);
    assert_eq!(history(&a), ["e2e3", "e8e7"]);
    assert_eq!(a.rules_texts(), (text, Some(edited)));
}

#[test]
fn errors_have_their_line_and_column_and_change_nothing() {
    let mut a = applet("chess", &["e2e4"]);
    let text = a.session.variant().source.clone();
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("knight:")).unwrap();
    let bad = text.replace("knight:N:N:", "knight:1:N:");
    let errors = edit(&mut a, &bad).unwrap_err();
    assert!(!errors.is_empty());
    assert_eq!(errors[0].line as usize, at + 1);
    assert!(errors[0].col as usize > "knight:".len(), "{}", errors[0]);
    assert!(errors[0].to_string().starts_with(&format!("{}:", at + 1)));
    assert_eq!(a.rules_editor.errors(), errors.as_slice());
    assert_eq!(a.rules_editor.draft(), bad);
    assert_eq!(
        a.rules_editor.text(),
        text,
        "the last valid text stays in play"
    );
    assert_eq!(history(&a), ["e2e4"]);
    assert!(!a.rules_editor.can_undo());

    // Typing the text in play again clears the errors at once, with nothing to rebuild.
    let mut fx = Vec::new();
    assert!(a.type_definition(&bad, &mut fx));
    assert!(!a.type_definition(&text, &mut fx));
    assert!(a.rules_editor.errors().is_empty());
    assert_eq!(fx, [Effect::ShowEditor]);
}

#[test]
fn switching_continuing_and_restarting() {
    let mut a = applet("morphing-chess", &["e2e3", "e8e7"]);
    let text = a.session.variant().source.clone();
    let edited = text.replace(N2, N);
    assert!(!a.switch_rules(&mut Vec::new()), "no B yet");
    edit(&mut a, &edited).unwrap();
    a.continue_edit(&mut Vec::new());
    assert!(!a.rules_editor.can_undo() && a.rules_editor.note().is_none());
    assert!(a.switch_rules(&mut Vec::new()));
    assert_eq!(a.rules_editor.in_play(), Rules::A);
    assert_eq!(a.session.variant().source, text);
    assert_eq!(a.rules_texts(), (text.clone(), Some(edited.clone())));
    assert_eq!(history(&a), ["e2e3", "e8e7"]);
    assert!(a.switch_rules(&mut Vec::new()));
    assert_eq!(a.rules_editor.in_play(), Rules::B);
    assert_eq!(a.session.variant().source, edited);

    a.restart_edit(&mut Vec::new());
    assert!(history(&a).is_empty());
    assert_eq!(a.session.variant().source, edited);
    assert!(!a.rules_editor.can_undo());
}

#[test]
fn a_bundled_name_loads_its_text() {
    let mut a = applet("morphing-chess", &[]);
    edit(&mut a, "chess").unwrap();
    let chess = a.session.variant().source.clone();
    assert!(chess.contains("knight:N:N:knight"));
    assert_eq!(a.rules_editor.text(), chess);
    assert_eq!(a.rules_editor.draft(), chess);
}

#[test]
fn bad_input_never_panics() {
    let mut a = applet("chess", &["e2e4", "e7e5"]);
    let text = a.session.variant().source.clone();
    let cuts = (0..text.len())
        .step_by(7)
        .filter(|&i| text.is_char_boundary(i));
    let mut inputs: Vec<String> = cuts.map(|i| text[..i].to_string()).collect();
    inputs.extend(
        [
            "",
            "\0",
            "files=0 ranks=0",
            "files=99 ranks=99\nking:K:K:king:a1",
            "é:::::",
            "files=2 ranks=2\nking:K:K:king:a1,,b2",
        ]
        .map(String::from),
    );
    for input in &inputs {
        let _ = edit(&mut a, input);
        let _ = a.switch_rules(&mut Vec::new());
        assert_eq!(a.session.variant().source, a.rules_editor.text());
    }
    while a.undo_edit(&mut Vec::new()) {}
    assert_eq!(a.rules_editor.text(), text);
    assert_eq!(history(&a), ["e2e4", "e7e5"]);
}
