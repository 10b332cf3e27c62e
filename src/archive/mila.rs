//! The MILA `diplomacy` package's saved-game JSON (`to_saved_game_format`):
//! `{id, map, rules, phases: [{name, state, orders, results, messages}]}`,
//! each phase's `state` the board at its start (`units` with `*` before a
//! dislodged unit, `retreats`, `centers`, `homes`, ...), `orders` by power,
//! `results` by unit (`[]` when it succeeded, else `["bounce"]` and so on),
//! the last phase the board now with no orders. The standard map and its
//! games for fewer players are MILA's `standard`; other maps are written
//! under their own name, which this judge reads back and MILA does not.
//!
//! [`replay`] re-adjudicates every phase of a saved game from its board and
//! orders and lists each phase whose recorded next board differs from ours.

use super::{ArchiveError, GameRecord};
use crate::adjudicate::{self, Position, ResultKind};
use crate::contract::{position_from_json, position_to_json};
use crate::map::{PowerId, Variant};
use crate::report::say::archive as say;
use crate::rules::RuleChoice;
use crate::store::games::GameStatus;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// The largest saved game [`read`] takes (16 MiB: a game of a thousand
/// phases with its press; read as a JSON tree it takes about 16 times its
/// size, so this bounds an import's memory to a few hundred MB).
pub const MAX_BYTES: usize = 16 << 20;
/// The most phases a saved game may have (a game of a hundred years).
pub const MAX_PHASES: usize = 1_000;

/// MILA's word for a result (`ok` is an empty list).
fn mila_result(r: ResultKind) -> Option<&'static str> {
    match r {
        ResultKind::Ok => None,
        ResultKind::Bounce => Some("bounce"),
        ResultKind::Cut => Some("cut"),
        ResultKind::Dislodged => Some("dislodged"),
        ResultKind::Void => Some("void"),
        ResultKind::NoConvoy => Some("no convoy"),
        ResultKind::Disrupted => Some("disrupted"),
        ResultKind::Disband => Some("disband"),
    }
}

/// The MILA state of a board: ours (the contract's JSON) with MILA's fields.
fn state(v: &Variant, pos: &Position, head: &Head) -> Value {
    let ours = position_to_json(v, pos);
    let name = ours["phase"].clone();
    let mut units = ours["units"].as_object().cloned().unwrap_or_default();
    let retreats = ours["retreats"].as_object().cloned().unwrap_or_default();
    let centers = ours["centers"].as_object().cloned().unwrap_or_default();
    let all_powers = |m: &mut Map<String, Value>, empty: Value| {
        for p in &v.powers {
            m.entry(p.name.clone()).or_insert_with(|| empty.clone());
        }
    };
    // a dislodged unit that can retreat is listed with the others, marked
    // `*` (one with nowhere to go is gone: MILA removes it at once)
    let mut retreats = retreats;
    for d in &pos.dislodged {
        if d.options.is_empty() {
            if let Some(m) = retreats.get_mut(&v.powers[d.unit.power as usize].name).and_then(Value::as_object_mut) {
                m.remove(&v.unit_code(&d.unit));
            }
            continue;
        }
        let list = units.entry(v.powers[d.unit.power as usize].name.clone()).or_insert_with(|| json!([]));
        if let Some(a) = list.as_array_mut() {
            a.push(json!(format!("*{}", v.unit_code(&d.unit))));
        }
    }
    all_powers(&mut units, json!([]));
    all_powers(&mut retreats, json!({}));
    let mut centers = centers;
    all_powers(&mut centers, json!([]));
    let homes: Map<String, Value> = v.powers.iter().map(|p| (p.name.clone(), json!(p.home.iter().map(|&h| v.code(h)).collect::<Vec<_>>()))).collect();
    // influence: the provinces each power holds or owns
    let mut influence: BTreeMap<String, Vec<String>> = v.powers.iter().map(|p| (p.name.clone(), Vec::new())).collect();
    for (i, c) in pos.centers.iter().enumerate() {
        if let Some(o) = c {
            influence.entry(v.powers[*o as usize].name.clone()).or_default().push(v.code(i as u16).to_string());
        }
    }
    for u in pos.units.iter().filter(|u| !u.aboard) {
        let list = influence.entry(v.powers[u.power as usize].name.clone()).or_default();
        let code = v.code(u.loc.prov).to_string();
        if !list.contains(&code) {
            list.push(code);
        }
    }
    let builds: Map<String, Value> = (0..v.powers.len() as PowerId)
        .map(|p| {
            let count = if pos.phase.kind == crate::phase::PhaseKind::Adjustment { pos.center_count(p) as i64 - pos.unit_count(p) as i64 } else { 0 };
            (v.powers[p as usize].name.clone(), json!({"count": count, "homes": []}))
        })
        .collect();
    let civil: Map<String, Value> = v.powers.iter().map(|p| (p.name.clone(), json!(0))).collect();
    json!({
        "timestamp": 0,
        "zobrist_hash": "0",
        "note": "",
        "name": head.state_name.as_ref().map_or(name, |n| json!(n)),
        "units": units,
        "retreats": retreats,
        "centers": centers,
        "homes": homes,
        "influence": influence,
        "civil_disorder": civil,
        "builds": builds,
        "game_id": head.id,
        "map": head.map,
        "rules": head.rules,
    })
}

/// What every state of a game's export repeats: its id, map and MILA rules;
/// `state_name`: the name the state is given (`COMPLETED` for a finished
/// game's last board), else its own phase's.
struct Head<'a> {
    id: &'a str,
    map: &'a str,
    rules: &'a [&'static str],
    state_name: Option<&'static str>,
}

/// The MILA rules a game is exported with: `NO_PRESS` only when its
/// players could send none (MILA drops the messages of a game under it).
fn mila_rules(rec: &GameRecord) -> Vec<&'static str> {
    if rec.game.settings.press == crate::store::games::Press::None { vec!["NO_PRESS", "POWER_CHOICE"] } else { vec!["POWER_CHOICE"] }
}

/// How the game was set up, as this judge plays it: its variant, rule
/// options, neutral powers and closed provinces. Written beside MILA's
/// fields (MILA reads none of it), so that `mailjudge import` replays the
/// game under the rules it was played by, from its real start.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub variant: String,
    #[serde(default)]
    pub rules: BTreeMap<String, String>,
    #[serde(default)]
    pub neutral: Vec<String>,
    #[serde(default)]
    pub closed: Vec<String>,
}

impl Setup {
    /// The setup of a game as it is played.
    pub fn of(rec: &GameRecord) -> Setup {
        let v = rec.game.v();
        let r = &rec.game.rules;
        let choices = [
            RuleChoice::ConvoyIntent(r.convoy_intent),
            RuleChoice::CivilDisorder(r.civil_disorder),
            RuleChoice::RetreatDefault(r.retreat_default),
            RuleChoice::Paradox(r.paradox),
        ];
        Setup {
            variant: v.name.clone(),
            rules: choices.iter().map(|c| (c.key().to_string(), c.word().to_string())).collect(),
            neutral: rec.game.neutral.iter().map(|&p| v.powers[p as usize].name.clone()).collect(),
            closed: rec.game.settings.closed.clone(),
        }
    }

    /// The rulebook the game was played by (`Err`: a rule, power or
    /// province this variant does not have).
    pub fn rulebook(&self, v: &Variant) -> Result<crate::rules::Rulebook, RulesError> {
        let mut r = crate::rules::Rulebook::for_variant(v);
        for (k, x) in &self.rules {
            r.set(k, x)?;
        }
        let neutral = self
            .neutral
            .iter()
            .map(|n| v.power_by_name(&n.to_ascii_uppercase()).ok_or_else(|| RulesError::UnknownPower(n.clone())))
            .collect::<Result<Vec<_>, _>>()?;
        let closed = self.closed.iter().map(|c| v.prov_by_code(c).ok_or_else(|| RulesError::UnknownProvince(c.clone()))).collect::<Result<Vec<_>, _>>()?;
        Ok(r.with_neutral(&neutral).with_closed(&closed))
    }
}

/// The map name a saved game gives the variant: MILA's `standard` for ours.
fn map_name(v: &Variant) -> &str {
    if v.name == "standard" { "standard" } else { &v.name }
}

/// The whole game as MILA saved-game JSON.
pub fn to_mila(v: &Variant, rec: &GameRecord) -> Value {
    let id = rec.game.name.clone();
    let map = map_name(v);
    let rules = mila_rules(rec);
    let head = Head { id: &id, map, rules: &rules, state_name: None };
    let mut clock = Stamps::default();
    let mut phases: Vec<Value> = Vec::with_capacity(rec.phases.len() + 1);
    for p in &rec.phases {
        let mut orders: BTreeMap<String, Vec<String>> = v.powers.iter().map(|w| (w.name.clone(), Vec::new())).collect();
        let mut results: Map<String, Value> = Map::new();
        for d in &p.orders {
            orders.entry(v.powers[d.power as usize].name.clone()).or_default().push(d.order.canonical(v));
            let key = match d.order.unit() {
                Some(u) => format!("{} {}", u.kind.map(|k| k.letter()).unwrap_or('A'), v.loc_code(u.loc)),
                None => d.order.canonical(v),
            };
            results.insert(key, json!(mila_result(d.result).into_iter().collect::<Vec<_>>()));
        }
        let messages = messages(v, rec, p.seq, &mut clock);
        phases.push(json!({"name": p.name, "state": state(v, &p.position, &head), "orders": orders, "results": results, "messages": messages}));
    }
    if let Some(cur) = &rec.current {
        let orders: Map<String, Value> = v.powers.iter().map(|w| (w.name.clone(), Value::Null)).collect();
        // a finished game's board is MILA's `COMPLETED`, its state's name
        // too, so MILA loads it as a game that is over
        let finished = rec.game.status == GameStatus::Finished;
        let name = if finished { COMPLETED.to_string() } else { v.calendar.name(cur.phase) };
        let st = state(v, cur, &Head { state_name: finished.then_some(COMPLETED), ..head });
        phases.push(json!({"name": name, "state": st, "orders": orders, "results": {}, "messages": messages(v, rec, rec.current_seq(), &mut clock)}));
    }
    json!({"id": id, "map": map, "rules": rules, "phases": phases, SETUP: Setup::of(rec)})
}

/// The key of the game's [`Setup`] in an export.
pub const SETUP: &str = "mailjudge";

/// MILA keys a phase's messages by their time (`time_sent`, µs): two sent
/// in the same second would be one. Each message's is its second's, made
/// later than the one before it.
#[derive(Default)]
struct Stamps {
    last: i64,
}

impl Stamps {
    fn next(&mut self, created: i64) -> i64 {
        self.last = (created.saturating_mul(1_000_000)).max(self.last + 1);
        self.last
    }
}

/// The signed press of phase `seq` as MILA messages: to `GLOBAL` for a
/// broadcast, else one message a recipient power; the master writes as
/// `SYSTEM` (MILA has no recipient for the master: a message to the master
/// alone is left out).
fn messages(v: &Variant, rec: &GameRecord, seq: i64, clock: &mut Stamps) -> Vec<Value> {
    let phase =
        rec.phases.iter().find(|p| p.seq == seq).map(|p| p.name.clone()).or_else(|| rec.current.as_ref().map(|c| v.calendar.name(c.phase))).unwrap_or_default();
    let mut out = Vec::new();
    for (p, from) in rec.signed_press().filter(|(p, _)| p.seq == seq) {
        let sender = from.map_or_else(|| "SYSTEM".to_string(), |f| v.powers[f as usize].name.clone());
        let to: Vec<String> = match &p.audience {
            Some(crate::store::press::Audience::All) => vec!["GLOBAL".into()],
            Some(crate::store::press::Audience::Some(r)) => r.powers.iter().map(|&q| v.powers[q as usize].name.clone()).collect(),
            None => Vec::new(),
        };
        for r in to {
            out.push(json!({"sender": sender, "recipient": r, "message": p.body, "phase": phase, "time_sent": clock.next(p.created)}));
        }
    }
    out
}

/// The name MILA gives a finished game's last state.
pub const COMPLETED: &str = "COMPLETED";

/// One phase of a saved game, read into our types.
pub struct SavedPhase {
    pub name: String,
    /// The finished game's last state (`COMPLETED`): its board, read with the
    /// phase before's name, is compared by units and centres alone.
    pub completed: bool,
    pub position: Position,
    /// Orders by power, as written.
    pub orders: Vec<(PowerId, String)>,
}

pub struct SavedGame {
    pub map: String,
    pub phases: Vec<SavedPhase>,
    /// How the game was set up, when this judge wrote the file.
    pub setup: Option<Setup>,
}

impl SavedGame {
    /// The rules to replay the game by: its own [`Setup`]'s when it has
    /// one, else those of the recordings of webDiplomacy and MILA
    /// ([`recorded_rules`]); then `overrides`.
    pub fn rules(&self, v: &Variant, overrides: &[(String, String)]) -> Result<crate::rules::Rulebook, RulesError> {
        let mut r = match &self.setup {
            Some(s) => s.rulebook(v)?,
            None => recorded_rules(v, &[])?,
        };
        for (k, x) in overrides {
            r.set(k, x)?;
        }
        r.fits(v)?;
        Ok(r)
    }
}

/// The map a saved game is for (`standard` if it names none).
pub fn map_of(json: &Value) -> String {
    json.get("map").and_then(Value::as_str).unwrap_or("standard").to_string()
}

/// Reads a saved game (the text of its file) for variant `v`, within the limits.
pub fn read(v: &Variant, text: &str) -> Result<SavedGame, ArchiveError> {
    if text.len() > MAX_BYTES {
        return Err(ArchiveError::TooLarge(text.len(), MAX_BYTES));
    }
    let json: Value = serde_json::from_str(text).map_err(|e| ArchiveError::NotSavedGame(e.to_string()))?;
    from_mila(v, &json)
}

/// Reads a saved game's phases: each state becomes our position (a `*`
/// unit is a dislodged one, its options from `retreats`).
pub fn from_mila(v: &Variant, json: &Value) -> Result<SavedGame, ArchiveError> {
    let bad = |why: String| ArchiveError::NotSavedGame(why);
    let phases = json.get("phases").and_then(Value::as_array).ok_or_else(|| bad("no `phases` list".into()))?;
    if phases.len() > MAX_PHASES {
        return Err(ArchiveError::TooManyPhases(phases.len(), MAX_PHASES));
    }
    let mut out: Vec<SavedPhase> = Vec::with_capacity(phases.len());
    for (i, p) in phases.iter().enumerate() {
        let name = p.get("name").and_then(Value::as_str).ok_or_else(|| bad(format!("phase {i} has no name")))?.to_string();
        let st = p.get("state").ok_or_else(|| bad(format!("{name} has no state")))?;
        let completed = name == COMPLETED;
        // a COMPLETED board is read under the phase before's name, or its
        // state's own name when it is the first (a game ended unplayed)
        let phase = match (completed, out.last()) {
            (false, _) => name.clone(),
            (true, Some(before)) => v.calendar.name(before.position.phase),
            (true, None) => st
                .get("name")
                .and_then(Value::as_str)
                .filter(|n| *n != COMPLETED)
                .map(str::to_string)
                .ok_or_else(|| bad(format!("{COMPLETED} is the first phase and its state names no phase")))?,
        };
        let mut units: Map<String, Value> = Map::new();
        for (power, list) in st.get("units").and_then(Value::as_object).into_iter().flatten() {
            let kept: Vec<Value> = list.as_array().into_iter().flatten().filter(|u| u.as_str().is_some_and(|s| !s.starts_with('*'))).cloned().collect();
            units.insert(power.clone(), Value::Array(kept));
        }
        let ours = json!({
            "phase": phase,
            "units": units,
            "centers": st.get("centers").cloned().unwrap_or(json!({})),
            "retreats": st.get("retreats").cloned().unwrap_or(json!({})),
        });
        let position = position_from_json(v, &ours).map_err(|e| bad(format!("{name}: {e}")))?;
        let mut orders = Vec::new();
        for (power, list) in p.get("orders").and_then(Value::as_object).into_iter().flatten() {
            let pw = v.power_by_name(&power.to_ascii_uppercase()).ok_or_else(|| bad(format!("{name}: unknown power `{power}`")))?;
            for o in list.as_array().into_iter().flatten() {
                let o = o.as_str().ok_or_else(|| bad(format!("{name}: an order of {power} is not text")))?;
                orders.push((pw, o.to_string()));
            }
        }
        out.push(SavedPhase { name, completed, position, orders });
    }
    let setup = match json.get(SETUP) {
        Some(s) => Some(serde_json::from_value::<Setup>(s.clone()).map_err(|e| bad(format!("`{SETUP}`: {e}")))?),
        None => None,
    };
    Ok(SavedGame { map: map_of(json), phases: out, setup })
}

/// A phase whose recorded outcome is not ours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The phase adjudicated (`F1902M`).
    pub phase: String,
    /// What differs, a line each.
    pub what: Vec<String>,
}

pub struct ImportReport {
    /// Phases adjudicated (every one that has a next phase recorded).
    pub phases: usize,
    pub differences: Vec<Difference>,
}

/// The parts of a board two adjudications must agree on, as text.
fn summary(v: &Variant, pos: &Position) -> (String, Vec<String>, Vec<String>, Vec<String>) {
    let mut units: Vec<String> = pos.units.iter().map(|u| format!("{} {}", v.powers[u.power as usize].name, v.unit_code(u))).collect();
    units.sort();
    // a dislodged unit with nowhere to go is gone either way (MILA and
    // webDiplomacy remove it at once; this judge lists it, then disbands it)
    let mut dislodged: Vec<String> = pos
        .dislodged
        .iter()
        .filter(|d| !d.options.is_empty())
        .map(|d| {
            let mut o: Vec<String> = d.options.iter().map(|l| v.loc_code(*l)).collect();
            o.sort();
            format!("{} {} -> {}", v.powers[d.unit.power as usize].name, v.unit_code(&d.unit), o.join(" "))
        })
        .collect();
    dislodged.sort();
    let mut centers: Vec<String> =
        pos.centers.iter().enumerate().filter_map(|(i, c)| c.map(|o| format!("{} {}", v.code(i as u16), v.powers[o as usize].name))).collect();
    centers.sort();
    (v.calendar.name(pos.phase), units, dislodged, centers)
}

/// Adds to `out` what only ours and only the record have (nothing when they agree).
pub fn diff(label: &str, ours: &[String], theirs: &[String], out: &mut Vec<String>) {
    let only_ours: Vec<&String> = ours.iter().filter(|x| !theirs.contains(x)).collect();
    let only_theirs: Vec<&String> = theirs.iter().filter(|x| !ours.contains(x)).collect();
    if !only_ours.is_empty() || !only_theirs.is_empty() {
        let a: Vec<&str> = only_ours.iter().map(|s| s.as_str()).collect();
        let b: Vec<&str> = only_theirs.iter().map(|s| s.as_str()).collect();
        out.push(say::differs(label, &a, &b));
    }
}

/// The rules a recorded game is replayed under: the map's, with the
/// removals a power did not order chosen as MILA and webDiplomacy choose
/// them, farthest from its home centres (`civil_disorder = 1992`), and an
/// army convoyed only when its order says `VIA` (`convoy_intent = via`),
/// then the caller's `overrides`.
pub fn recorded_rules(v: &Variant, overrides: &[(String, String)]) -> Result<crate::rules::Rulebook, RulesError> {
    let mut r = crate::rules::Rulebook::for_variant(v);
    r.set("civil_disorder", "1992")?;
    // webDiplomacy and MILA convoy an army only when its order says VIA
    r.set("convoy_intent", "via")?;
    for (k, x) in overrides {
        r.set(k, x)?;
    }
    Ok(r)
}

/// Why the rules a saved game is replayed by cannot be had: a rule, power
/// or province the variant does not have (its texts the keeper reads, from
/// the command line).
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    #[error("unknown power `{0}`")]
    UnknownPower(String),
    #[error("unknown province `{0}`")]
    UnknownProvince(String),
    /// A rule choice the rulebook refuses (`key = value`), or rules that do
    /// not fit the variant.
    #[error(transparent)]
    Rule(#[from] crate::rules::RuleError),
}

/// Re-adjudicates every phase of `saved` with this judge's engine and
/// compares our next board with the recorded one. A phase the recording
/// skipped (a retreat phase with nothing dislodged, an adjustment with
/// nothing to build or remove, as MILA and webDiplomacy skip them) is
/// played with no orders until our board reaches the recorded next phase.
pub fn replay(v: &Variant, rules: &crate::rules::Rulebook, saved: &SavedGame) -> ImportReport {
    let mut differences = Vec::new();
    let mut phases = 0;
    for w in saved.phases.windows(2) {
        let (this, next) = (&w[0], &w[1]);
        phases += 1;
        let mut what = Vec::new();
        let mut orders = Vec::new();
        for (p, text) in &this.orders {
            match crate::parse::parse_order(v, text, Some(this.position.phase.kind)) {
                Ok(o) => orders.push((*p, o)),
                Err(e) => what.push(say::unreadable_order(text, &v.powers[*p as usize].name, &e.message)),
            }
        }
        let mut ours = adjudicate::process(v, rules, &this.position, &orders).position;
        let mut skipped = 0;
        while ours.phase < next.position.phase && skipped < 3 {
            ours = adjudicate::process(v, rules, &ours, &[]).position;
            skipped += 1;
        }
        // a retreat phase recorded although no dislodged unit had anywhere to
        // go (webDiplomacy keeps it for the disbands): this judge skips it
        let empty_retreat = next.position.phase.kind == crate::phase::PhaseKind::Retreat && next.position.dislodged.iter().all(|d| d.options.is_empty());
        let (b_phase, b_units, b_dis, b_cen) = summary(v, &next.position);
        // a game ended (a draw, say) before the phase was played records
        // the phase, then the same board as COMPLETED
        if next.completed && {
            let (_, u, _, c) = summary(v, &this.position);
            u == b_units && c == b_cen
        } {
            ours = this.position.clone();
        }
        let (a_phase, a_units, a_dis, a_cen) = summary(v, &ours);
        // past such a retreat phase, our board has the year's new owners
        // while the recorded one still has the old: the phase after it is
        // compared with the record's next, centres and all
        let passed_empty_retreat = empty_retreat && ours.phase > next.position.phase;
        if a_phase != b_phase && !passed_empty_retreat && !next.completed {
            what.push(say::next_phase_differs(&a_phase, &b_phase));
        }
        diff("units", &a_units, &b_units, &mut what);
        if !next.completed {
            diff("dislodged", &a_dis, &b_dis, &mut what);
        }
        if !passed_empty_retreat {
            diff("centres", &a_cen, &b_cen, &mut what);
        }
        if !what.is_empty() {
            differences.push(Difference { phase: this.name.clone(), what });
        }
    }
    ImportReport { phases, differences }
}
