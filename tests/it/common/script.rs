//! The scripted game's mails, `tests/data/game/NAME.eml` (read with
//! [`super::eml`]): each name spelled here once, and the runs of them the
//! tests deliver.

pub const CREATE: &str = "00-create";
pub const JOIN_AUSTRIA: &str = "01-join-austria";
pub const JOIN_ENGLAND: &str = "02-join-england";
pub const JOIN_FRANCE: &str = "03-join-france";
pub const JOIN_GERMANY: &str = "04-join-germany";
pub const JOIN_ITALY: &str = "05-join-italy";
pub const OBSERVE: &str = "06-observe";
pub const JOIN_RUSSIA: &str = "07-join-russia";
/// The last join: the game starts.
pub const JOIN_TURKEY: &str = "08-join-turkey";

pub const S01_AUSTRIA: &str = "10-s01-austria";
pub const S01_ENGLAND: &str = "11-s01-england";
pub const S01_FRANCE: &str = "12-s01-france";
pub const S01_GERMANY: &str = "13-s01-germany";
pub const S01_ITALY: &str = "14-s01-italy";
pub const S01_RUSSIA: &str = "15-s01-russia";
pub const S01_TURKEY: &str = "16-s01-turkey";
/// Orders for a power from an address that does not play it.
pub const S01_FORGED: &str = "17-s01-forged";
/// Russia's second mail of Spring 1901.
pub const S01_RUSSIA_AGAIN: &str = "18-s01-russia";

pub const F01_ENGLAND: &str = "20-f01-england";
pub const F01_FRANCE: &str = "21-f01-france";
pub const F01_GERMANY: &str = "22-f01-germany";
pub const F01_ITALY: &str = "23-f01-italy";
pub const F01_RUSSIA: &str = "24-f01-russia";
pub const F01_TURKEY: &str = "25-f01-turkey";

pub const R01_FRANCE: &str = "30-r01-france";

pub const W01_AUSTRIA: &str = "40-w01-austria";
pub const W01_ENGLAND: &str = "41-w01-england";
pub const W01_FRANCE: &str = "42-w01-france";
pub const W01_GERMANY: &str = "43-w01-germany";
pub const W01_ITALY: &str = "44-w01-italy";
pub const W01_RUSSIA: &str = "45-w01-russia";
pub const W01_TURKEY: &str = "46-w01-turkey";

pub const DRAW_AUSTRIA: &str = "50-draw-austria";
pub const DRAW_ENGLAND: &str = "51-draw-england";
pub const DRAW_FRANCE: &str = "52-draw-france";
pub const DRAW_GERMANY: &str = "53-draw-germany";
pub const DRAW_ITALY: &str = "54-draw-italy";
pub const DRAW_RUSSIA: &str = "55-draw-russia";
pub const DRAW_TURKEY: &str = "56-draw-turkey";

pub const HISTORY: &str = "60-history";

/// The seven players' joins, in order (Turkey's last: it starts the game).
pub const JOINS: [&str; 7] = [JOIN_AUSTRIA, JOIN_ENGLAND, JOIN_FRANCE, JOIN_GERMANY, JOIN_ITALY, JOIN_RUSSIA, JOIN_TURKEY];

/// The mails that create the game and start it: CREATE and the joins.
pub const OPENING: [&str; 8] = [CREATE, JOIN_AUSTRIA, JOIN_ENGLAND, JOIN_FRANCE, JOIN_GERMANY, JOIN_ITALY, JOIN_RUSSIA, JOIN_TURKEY];

/// [`OPENING`] with the observer's mail, in the order the mails are numbered.
pub const OPENING_OBSERVED: [&str; 9] = [CREATE, JOIN_AUSTRIA, JOIN_ENGLAND, JOIN_FRANCE, JOIN_GERMANY, JOIN_ITALY, OBSERVE, JOIN_RUSSIA, JOIN_TURKEY];

/// Spring 1901's orders, the forged mail last (Russia's second mail not among them).
pub const SPRING: [&str; 8] = [S01_AUSTRIA, S01_ENGLAND, S01_FRANCE, S01_GERMANY, S01_ITALY, S01_RUSSIA, S01_TURKEY, S01_FORGED];

/// Fall 1901's orders (Austria sends none).
pub const FALL: [&str; 6] = [F01_ENGLAND, F01_FRANCE, F01_GERMANY, F01_ITALY, F01_RUSSIA, F01_TURKEY];

/// Winter 1901's builds and removals.
pub const WINTER: [&str; 7] = [W01_AUSTRIA, W01_ENGLAND, W01_FRANCE, W01_GERMANY, W01_ITALY, W01_RUSSIA, W01_TURKEY];

/// The seven votes for a draw, Turkey's last.
pub const DRAWS: [&str; 7] = [DRAW_AUSTRIA, DRAW_ENGLAND, DRAW_FRANCE, DRAW_GERMANY, DRAW_ITALY, DRAW_RUSSIA, DRAW_TURKEY];
