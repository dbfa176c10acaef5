//! The rules editor's handlers: the text typed and checked, an edit played with the game
//! replayed under it, rules A and B switched, the editing session undone, continued or
//! restarted. The editor's model is
//! [`RulesEditor`](crate::ui::editor::RulesEditor).

use crate::game::Game;
use crate::ui::editor::{Outcome, Rules, TextError};

use super::{Applet, Effect};

impl Applet {
    /// The editor's text changed; returns whether it needs checking (see
    /// [`RulesEditor::type_draft`](crate::ui::editor::RulesEditor::type_draft)).
    pub fn type_definition(&mut self, text: &str, fx: &mut Vec<Effect>) -> bool {
        let due = self.rules_editor.type_draft(text);
        if !due {
            fx.push(Effect::ShowEditor);
        }
        due
    }

    /// Checks `text` and, when valid, plays on under it with the game replayed (see
    /// [`RulesEditor::edit`](crate::ui::editor::RulesEditor::edit)). Errors leave the rules and
    /// the game as they are.
    pub fn edit_definition(
        &mut self,
        text: &str,
        fx: &mut Vec<Effect>,
    ) -> Result<Outcome, Vec<TextError>> {
        let result = self.rules_editor.edit(text, self.session.game());
        fx.push(Effect::ShowEditor);
        let (game, outcome) = result?;
        self.rules_changed(game, fx);
        Ok(outcome)
    }

    /// Plays on under the other rules (A or B), the game replayed; false when there is no B.
    pub fn switch_rules(&mut self, fx: &mut Vec<Effect>) -> bool {
        match self.rules_editor.other() {
            Some(text) => self.edit_definition(&text, fx).is_ok(),
            None => false,
        }
    }

    /// Back to the rules and the whole game before the editing session.
    pub fn undo_edit(&mut self, fx: &mut Vec<Effect>) -> bool {
        let Some(game) = self.rules_editor.undo() else {
            return false;
        };
        self.rules_changed(game, fx);
        fx.push(Effect::ShowEditor);
        true
    }

    /// After a replay: keep the game as it is.
    pub fn continue_edit(&mut self, fx: &mut Vec<Effect>) {
        self.rules_editor.settle();
        fx.push(Effect::ShowEditor);
    }

    /// After a replay: a new game under the rules in play.
    pub fn restart_edit(&mut self, fx: &mut Vec<Effect>) {
        self.rules_editor.settle();
        let game = Game::new(self.session.variant());
        self.rules_changed(game, fx);
        fx.push(Effect::ShowEditor);
    }

    /// Plays on with `game` (other rules, or the same with another game), and says so.
    fn rules_changed(&mut self, game: Game, fx: &mut Vec<Effect>) {
        self.start_game(game, fx);
        let said = match self.rules_editor.in_play() {
            Rules::A => "Rules A in play",
            Rules::B => "Rules B in play",
        };
        let text = format!("{said}, {} moves", self.session.game().played().len());
        fx.push(Effect::Announce(text));
    }

    /// The rules editor's texts: A (the variant's as started) and B (edited, if it was).
    pub fn rules_texts(&self) -> (String, Option<String>) {
        self.rules_editor.rules_texts()
    }
}
