// Type declarations for fairylab's JavaScript interface: the board of the page
// (`window.fairylab.app`) and every embedded board (`element.fairylab`), which are the same.
// Use them with `/// <reference types="fairylab" />` or `import type { FairylabApp } from
// "fairylab"`. The interface itself is src/web/api.rs and its neighbours in the repository.
//
// An embedded board is any element with class "fairylab" (or the Interactive Diagram's own
// markup: class "idiagram", or id "diagram") on a page that loads embed/fairylab.js as a
// classic script. Its text is an Interactive Diagram definition, unless it names a bundled
// variant. Its data- attributes:
//
//   data-variant      a bundled variant's name ("chess", "morphing-chess", "morphing-chess-3",
//                     "morphomania", "symmetric-chess", "marseillais", "marseillais-original");
//                     without it, the element's text is the definition
//   data-fen          the start position (FEN)
//   data-moves        moves played from it: coordinate or Game Courier moves, or PGN movetext
//   data-orientation  "white" or "black": the side at the bottom
//   data-ai           the computer's side: "white", "black", "both" or "none"
//   data-level        the computer's level, "1" to "5"
//   data-sprites      "page" (the default: the page's own piece images where the definition
//                     names them, graphicsDir and the other image keys) or "fairylab"
//   data-name         the board's name for a definition of its own (else the heading before
//                     the element, else the page's title)
//
// The board sets `data-fairylab-state` ("waiting", "running", "refused" or "failed"; read it
// as `element.dataset.fairylabState`). A board that cannot start says why in its place.

/** A square's name from White's side: files a, b, c... from the left, ranks 1, 2... from the bottom. */
export type Square = string;

/** A move in coordinate form: `e2e4`, `e7e8q`, castling as the king's move `e1h1`, a drop `P@e4`. */
export type CoordinateMove = string;

/** Who plays: human against human, the human as White or Black, or the computer both sides. */
export type Mode = "human" | "white" | "black" | "ai";

/** The computer's level: 1 and 2 (depth 1 and 2), 3, 4 and 5 (up to 0.3, 1 and 3 s a move). */
export type Level = 1 | 2 | 3 | 4 | 5;

/** `[x, y, size]`: a square's or hand piece's box in CSS pixels from the canvas's top-left corner. */
export type Box = [x: number, y: number, size: number];

/** One error of a definition: its line and column (from 1) and what is wrong. */
export interface DefinitionError {
  line: number;
  col: number;
  message: string;
}

/** `setDefinition()`'s answer. When `ok` is false nothing changed. */
export interface DefinitionResult {
  ok: boolean;
  /** The moves of the game replayed under the new rules. */
  replayed: number;
  /** The index (from 0) of the first move no longer legal, or null when every move replayed. */
  stoppedAt: number | null;
  errors: DefinitionError[];
}

/** `importGame()`'s answer. */
export interface ImportResult {
  ok: boolean;
  /** The moves replayed. */
  played: number;
  /** Null, or the first move that did not read or was not legal: `"move 12 (N d4-f5): why"`. */
  error: string | null;
}

/** `moveList()`'s answer: the game the definition shows (its `moveList` key). */
export interface MoveListGame {
  /** Its moves in coordinate form (those before any that could not be played). */
  moves: string[];
  /** Each move as written. */
  texts: string[];
  /** The comment after each number of moves (`[0]` before the first move), null for none. */
  comments: (string | null)[];
  /** Null, or why it stops early: `"LINE:COL: moveList stops at move 3 (Ke3): why; ..."`. */
  warning: string | null;
  /** How many of its moves the game's line (played, then ahead to redo) still follows. */
  agreeing: number;
}

/** What a move diagram marks on a square. */
export type MarkKind = "move" | "capture" | "both" | "initial" | "castle" | "morph";

/** One square of a piece's move diagram (`pieceMoves`, `diagramShown`). */
export interface DiagramMark {
  square: Square;
  kind: MarkKind;
  /** Something done there needs a piece to jump over. */
  hop: boolean;
  /** The move there jumps over a piece. */
  quietHop: boolean;
  /** The capture there jumps over a piece. */
  captureHop: boolean;
  /** Where the piece jumped over may stand. */
  screens: Square[];
  /** Empty squares where a leg turns. */
  via: Square[];
  /** Where a piece may be taken on the way. */
  locust: Square[];
  /** Every way there takes a piece on the way. */
  locustOnly: boolean;
  /** Where the piece taken there is put down (`u`). */
  unload: Square[];
  /** One way's leg squares, in order. */
  route: Square[];
}

/** One rule set's games in a balance run. */
export interface BalanceSide {
  games: number;
  whiteWins: number;
  blackWins: number;
  draws: number;
  averagePlies: number;
  /** White's score from 0 to 1 (a draw half); null before the first game. */
  whiteScore: number | null;
  /** Its 95% Wilson interval; null before the first game. */
  interval: [lo: number, hi: number] | null;
  /** How the games ended: `{"checkmate": 37, ...}`. */
  endings: Record<string, number>;
  /** The engine's piece values (centipawns), royal types flagged. */
  values: { name: string; value: number; royal: boolean }[];
}

/** `balance()`'s answer: rules A, and rules B when the rules were edited. */
export interface BalanceReport {
  done: number;
  total: number;
  a: BalanceSide;
  b: BalanceSide | null;
}

/** `balance()`'s options: milliseconds a move, and optionally nodes a move. */
export interface BalanceOptions {
  timeMs: number;
  nodes?: number;
}

/** One imbalance of `measureValues()`'s answer; values in pawns, null while unknown. */
export interface MeasuredPiece {
  /** The type measured; the pawn's row is the calibration. */
  name: string;
  /** The imbalance played: `"knight vs 3 pawns"`. */
  imbalance: string;
  games: number;
  /** The mean score of the side with the piece. */
  score: number | null;
  value: number | null;
  /** The value's 95% interval. */
  low: number | null;
  high: number | null;
}

/** `measureValues()`'s answer. */
export interface ValuesReport {
  done: number;
  total: number;
  pieces: MeasuredPiece[];
}

/** `balanceState()`'s answer. */
export interface BalanceState {
  state: "idle" | "running" | "stopped" | "done" | "failed";
  done: number;
  total: number;
  /** The line the panel shows. */
  status: string;
}

/** What the last frame drew (for tests and tools); absent things are undefined. */
export interface Drawn {
  flipped: boolean;
  selected?: Square;
  dots: Square[];
  rings: Square[];
  legs: Square[];
  lastMove: Square[];
  check?: Square;
  cursor?: Square;
  glow?: Square;
  /** The promotion chooser: `[square, move, piece]` each. */
  chooser: [square: Square, move: CoordinateMove, piece: string][];
  hint: Square[];
  /** `"e1 white king"`, one per piece drawn. */
  pieces: string[];
  /** `"white pawn 2"`, one per type in a hand, White's first. */
  hands: string[];
  /** The hand's piece selected: `"white pawn"`. */
  handSelected?: string;
  /** The hand's piece under the keyboard cursor. */
  handCursor?: string;
}

/** The canvas's size (for tests and tools). */
export interface Snapshot {
  files: number;
  ranks: number;
  selected?: Square;
  cssWidth: number;
  cssHeight: number;
  pixelWidth: number;
  pixelHeight: number;
  devicePixelRatio: number;
}

/** A board: the page's `window.fairylab.app`, and an embedded board's `element.fairylab`. */
export interface FairylabApp {
  /** The bundled name, or `custom-` and a hash for a pasted definition; an embedded board's own definition is named from the page (data-name, the heading before it, the title). */
  variant(): string;
  /** A new game of a bundled variant or a definition; a bad definition throws `LINE:COL: message` and the game stays. */
  setVariant(nameOrDefinition: string): void;
  /** The current position's FEN. */
  fen(): string;
  /** A new game from a position; a bad FEN throws. */
  setFen(fen: string): void;
  /** The legal moves, coordinate form, sorted. */
  legalMoves(): CoordinateMove[];
  /** The squares the piece on `square` may move to; a bad square throws. */
  destinations(square: Square): Square[];
  /** Plays a coordinate or Game Courier move (`P e2-e4`, `P*e4`); true, or throws why not. */
  play(move: string): true;
  /** The pieces in hand as FEN holdings (`"[PPs]"`, White's first, `"[]"` when empty); null without hands. */
  hands(): string | null;
  /** Takes back one move; returns it, or null. */
  undo(): CoordinateMove | null;
  /** Plays again the last move taken back; returns it, or null. */
  redo(): CoordinateMove | null;
  /** The moves played, coordinate form. */
  history(): CoordinateMove[];
  /** The moves played in Game Courier notation, as the move list shows them. */
  courier(): string[];
  /** Null while the game goes on, else e.g. `"1-0 White wins by checkmate"`. */
  result(): string | null;
  /** The turn line: `"White to move"`, `"Black to move, move 2 of 2"`, `"Game over: ..."`. */
  status(): string;
  /** A new game; for a variant with a `shuffle` key dealt from `seed` (a number, or a string of digits past 2^53), else from a new random seed. A bad seed throws. */
  newGame(seed?: number | string | null): void;
  /** The seed the start was dealt from, as a decimal string, or null. */
  seed(): string | null;

  /** Who plays. Anything else throws. */
  setMode(mode: Mode): void;
  mode(): Mode;
  /** The computer's level; another number throws. A search already running keeps its level. */
  setLevel(level: Level): void;
  level(): Level;
  /** The suggested move for the side to move, also drawn as an arrow; rejects when the game is over, the computer is to move, or the game changes first. */
  hint(): Promise<CoordinateMove>;
  /** The latest `info depth D score cp S nodes N nps X pv ...` line of the current or last search, or null. */
  thinking(): string | null;
  /** The engine's piece values, `"ID name value"` each (centipawns; royal types 0); empty until its worker has read the variant. */
  values(): string[];
  /** Stops the computer (the Stop button); whether a search was running. */
  stop(): boolean;
  /** Lets a stopped computer move again (the Go button). */
  go(): void;
  /** Is a search running (a move or a hint)? */
  searching(): boolean;

  /** The definition text in play, as loaded or last edited. */
  definition(): string;
  /** Plays on under the definition `text`, the game replayed move by move. */
  setDefinition(text: string): DefinitionResult;
  /** Milliseconds from the last keystroke in the rules editor to the board drawn; NaN before the first edit typed. */
  editTime(): number;
  /** A link to this page that opens these rules and this game. */
  shareLink(): string;
  /** The permalink of the current game (an embedded board's names the board, `b=`). */
  link(): string;
  /** The game as a Game Courier move list or PGN. */
  exportGame(format: "gc" | "pgn"): string;
  /** Replays a Game Courier or PGN game of this variant as a new game. */
  importGame(text: string): ImportResult;
  /** The game the definition shows (its `moveList`), or null when it has none. */
  moveList(): MoveListGame | null;
  /** The comment of the definition's game after the moves shown, or null. */
  comment(): string | null;
  /** Takes moves back or replays those ahead until `ply` are played; returns the number played. */
  seek(ply: number): number;
  /** A step through the game, as its buttons; returns the number of moves played. */
  step(step: "start" | "back" | "forward" | "end"): number;
  /** A PNG data URL of the board as drawn, at device resolution. */
  png(): Promise<string>;
  /** A piece's move diagram from the centre of an empty board (`letter` its ID); an unknown letter or colour throws. */
  pieceMoves(letter: string, colour: "white" | "black"): DiagramMark[];
  /** The diagram drawn on the board, or null when it shows the game. */
  diagramShown(): DiagramMark[] | null;
  /** Runs the balance lab: `games` engine games of rules A (and of the edited rules B). Rejects for bad arguments, a run already going, or when stopped or failed. */
  balance(games: number, options: BalanceOptions): Promise<BalanceReport>;
  /** Measures rules A's piece values by play in the lab: `games` games per imbalance (the page's build only; an embedded board rejects). Rejects as `balance()` does. */
  measureValues(games: number, options: BalanceOptions): Promise<ValuesReport>;
  /** Stops the balance run (its promise rejects); false if none was going. */
  stopBalance(): boolean;
  balanceState(): BalanceState;

  // For tests and tools.
  /** Turns the board round; whether Black is now at the bottom. */
  flip(): boolean;
  flipped(): boolean;
  /** Shows the position after `ply` moves. */
  view(ply: number): void;
  files(): number;
  ranks(): number;
  /** The selected square, or undefined. */
  selected(): Square | undefined;
  /** The square under a point in CSS pixels from the canvas's top-left corner. */
  squareAt(x: number, y: number): Square | undefined;
  squareBox(square: Square): Box;
  /** A hand's piece by FEN letter (`"P"` White's, `"p"` Black's); throws when none is in hand. */
  handBox(letter: string): Box;
  drawn(): Drawn;
  snapshot(): Snapshot;
  /** Draws now instead of in the next animation frame. */
  redraw(): void;
  /** Which piece images the board draws: the host page's own (where its definition names them) or fairylab's sprites. */
  sprites(): 'page' | 'fairylab';
  /** Chooses the piece images; another value throws. */
  setSprites(kind: 'page' | 'fairylab'): void;
  /** The board's outermost element. */
  element(): HTMLElement;
  /** The last thing said in the aria-live region. */
  announcement(): string;
}

/** `window.fairylab` on fairylab's own page (not set by the embed script). */
export interface FairylabPage {
  ready: true;
  /** The page's first board. */
  app: FairylabApp;
  /** Every board of the page. */
  apps: FairylabApp[];
}

/** `fairylab:move`'s detail: the move, the ply it made (from 1), the FEN after it. */
export interface MoveDetail {
  move: CoordinateMove;
  ply: number;
  fen: string;
}

/** `fairylab:end`'s detail: e.g. `"1-0 White wins by checkmate"`. */
export interface EndDetail {
  result: string;
}

/** The state an embedded board's element says in `data-fairylab-state`. */
export type BoardState = "waiting" | "running" | "refused" | "failed";

declare global {
  interface Window {
    /** Set by fairylab's own page once its boards are mounted. */
    fairylab?: FairylabPage;
  }

  interface HTMLElement {
    /** An embedded board's interface: null until the board starts (undefined on other elements). */
    fairylab?: FairylabApp | null;
  }

  interface HTMLElementEventMap {
    /** A move played on an embedded board (bubbles out of its shadow root). */
    "fairylab:move": CustomEvent<MoveDetail>;
    /** An embedded board's game has ended. */
    "fairylab:end": CustomEvent<EndDetail>;
  }

  interface WindowEventMap {
    /** fairylab's own page has mounted its boards. */
    "fairylab-ready": Event;
  }
}
