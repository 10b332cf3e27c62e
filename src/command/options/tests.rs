//! The option table's readers and writers, and HELP's lines.

use super::*;

fn forming() -> Game {
    let s = crate::store::games::read_settings("demo", r#"{"press":"white","partial":true,"nmr":true,"movement":"48h","retreat":"24h","adjustment":"24h","grace_secs":0,"reminder_secs":0,"assignment":"preference"}"#).unwrap();
    let mut g = Game::forming("demo", std::sync::Arc::new(Variant::standard()), String::new(), "gm@example.test", s, 0).unwrap();
    g.id = 1;
    g
}

fn set(g: &mut Game, key: &str, text: &str) -> Result<String, OptionError> {
    let (v, cfg) = (Variant::standard(), Config::default_config());
    create_option(g, &v, &cfg, key, text)
}

/// What the master is told of a refused option.
fn told(e: OptionError) -> String {
    say::refusal::option(&e)
}

#[test]
fn options_are_read_once_into_typed_settings() {
    let mut g = forming();
    set(&mut g, "press", " Gray").unwrap();
    assert_eq!(g.settings.press, Press::Grey);
    assert!(set(&mut g, "press", "loud").map_err(told).is_err_and(|e| e.contains("not `loud`")));
    set(&mut g, "nonmr", "yes").unwrap();
    assert_eq!(g.settings.nmr, Nmr::WaitForMaster);
    set(&mut g, "NMR", "").unwrap();
    assert_eq!(g.settings.nmr, Nmr::Defaults);
    assert!(set(&mut g, "partial", "fakes now").map_err(told).is_err_and(|e| e.contains("not `fakes now`")));
    set(&mut g, "partial", "off").unwrap();
    assert_eq!(g.settings.partial, PartialPress::BroadcastOnly);
    let said = set(&mut g, "retreat", "next 36 hours").unwrap();
    assert!(said.starts_with("retreat deadlines: next 36 hours"), "{said}");
    assert!(matches!(g.settings.retreat.timing(), timing::Timing::Hours { secs: 129_600, .. }));
    assert!(set(&mut g, "movement", "next 59 minutes").is_err());
    assert_eq!(g.settings.movement.as_str(), "48h");
    set(&mut g, "convoy-intent", "1992").unwrap();
    set(&mut g, "rule", "retreat_default = rhr").unwrap();
    let stored: std::collections::BTreeMap<String, String> = g.settings.rules.clone().into();
    assert_eq!(stored.into_iter().collect::<Vec<_>>(), [("convoy_intent".into(), "1992".into()), ("retreat_default".into(), "right_hand".into())]);
    assert!(set(&mut g, "rule", "paradox").map_err(told).is_err_and(|e| e.contains("SET RULE key=value")));
    assert!(set(&mut g, "colour", "red").map_err(told).is_err_and(|e| e.contains("unknown option `colour`") && e.contains("paradox")));
    // the options of a forming game only, once it runs
    g.status = GameStatus::Active;
    assert_eq!(set(&mut g, "assignment", "random").map_err(told), Err(say::master::already_assigned()));
    assert_eq!(set(&mut g, "paradox", "all_stand").map_err(told), Err(say::master::rules_before_start()));
    assert_eq!(set(&mut g, "players", "4").map_err(told), Err(say::options::too_late(GameOption::Players)));
    assert!(set(&mut g, "dias", "no").is_ok() && g.settings.dias == Draws::SomeSurvivors);
    assert!(set(&mut g, "noanonymous", "").is_ok() && g.settings.anonymous == Anonymity::Shown);
}

#[test]
fn centres_and_end_year_at_and_past_their_limits() {
    let mut g = forming();
    assert!(set(&mut g, "centers", "1").is_ok() && g.settings.victory_count == Some(1));
    assert!(set(&mut g, "centres", "34").is_ok() && g.settings.victory_count == Some(34));
    assert!(set(&mut g, "centers", "35").is_err() && set(&mut g, "centers", "0").is_err());
    assert!(set(&mut g, "centers", "none").is_ok() && g.settings.victory_count.is_none());
    assert!(set(&mut g, "end", "1901").is_ok() && g.settings.end_year == Some(1901));
    assert!(set(&mut g, "end", "1900").map_err(told).is_err_and(|e| e.contains("from 1901 on")));
    assert!(set(&mut g, "end", "NONE").is_ok() && g.settings.end_year.is_none());
}

#[test]
fn help_lists_every_option_set_takes_within_the_reply_width() {
    let lines = help_lines();
    for l in &lines {
        assert!(l.len() <= 74 && l.starts_with("  "), "{l:?}");
    }
    let text = lines.join("\n");
    for s in OPTIONS.iter().filter(|s| !s.words.is_empty()) {
        // by its CREATE name (SET LATEPRESS) or its SET name of several words (SET GRACE PRESS)
        let word = s.keys[0].to_ascii_uppercase();
        assert!(text.contains(&format!("SET {word}")) || text.contains(&format!("SET {}", s.words[0])), "HELP lacks SET {word}:\n{text}");
    }
    assert!(text.contains("SET ASSIGNMENT RANDOM|PREFERENCE\n") && text.contains("(before the start)"), "{text}");
    assert!(text.contains("  SET REMINDER 12h       reminders this long before the deadline to\n"), "{text}");
    assert!(text.contains("  SET MOVEMENT next 48 hours at 20:00 on Mon-Fri\n                         the deadlines"), "{text}");
}
