//! A refusal ([`Refusal`]) as the reply says it: each kind through the
//! sentence of its family (`say::session`, `say::account` ...).

use super::{account, disorder, game, info, master, options, orders, parse, press, seats, session, settings, start};
use crate::game::options::OptionError;
use crate::game::refusal::{OrderFault, PressRefusal, Refusal, SessionRefusal, UsageRefusal};

/// What the reply says of `r` (after "Error: ").
pub fn refusal(r: &Refusal) -> String {
    use Refusal::*;
    match r {
        Session(s) => session_refusal(s),
        Usage(u) => usage_refusal(u),
        Press(p) => press_refusal(p),
        Later(l) => super::later::refusal(l),
        Dedication(d) => super::dedication::refusal(d),

        GameOver { game: g } => game::is_over(g),

        PressForMembers { game } => info::press_for_members(game),
        NoPhaseFrom { phase, game } => info::no_phase_from(phase, game),
        NoPhaseTo { phase, game } => info::no_phase_to(phase, game),
        HistoryLines { asked, max } => info::history_lines(*asked, *max),
        HistoryNotATurn { word } => info::history_not_a_turn(word),
        MapForMembers { game } => info::map_for_members(game),
        BlindRecord { game, what } => info::blind_record(game, *what),
        MapOverBudget { game } => info::map_over_budget(game),
        TooManyMaps { max } => info::too_many_maps(*max),
        NoSuchPhase { phase, game } => info::no_such_phase(phase, game),
        NoMapYet { game } => info::no_map_yet(game),

        NotAPower { word } => game::not_a_power(word),
        NotAPowerLetter { letter } => game::not_a_power_letter(*letter),

        OrdersNotSignedOn => orders::not_signed_on(),
        NoOrdersTaken { game, status } => orders::no_orders_taken(game, *status),
        TooManyOnLine { n, max } => orders::too_many_on_line(*n, *max),
        TooManyInMail { max } => orders::too_many_in_mail(*max),
        NotYourPower { power, game } => seats::not_your_power(power, game),
        Unreadable(e) => e.message.clone(),
        NameTheType { space } => orders::name_the_type(space),
        SlotFull { order, room, build } => orders::slot_full(order, *room, *build),
        OrderRefused { order, fault } => orders::refused(order, &order_fault(fault)),

        StartUsage => start::usage(),
        TypeExpected { word } => start::type_expected(word),
        ProvinceExpected { word } => start::province_expected(word),
        NoStartChoice { power } => start::no_choice(power),
        NotAChoice { prov, options } => start::not_a_choice(prov, options),
        NamedTwice { prov } => start::named_twice(prov),
        TooManyChoices { max, options } => start::too_many(*max, options),
        TooLateToChoose { first } => start::too_late(first),

        MapUsage { word } => settings::map_usage(word),
        ReplyFormUsage { word } => settings::reply_form_usage(word),
        AbsenceUsage => settings::absence_usage(),
        BadTime { why } => why.to_string(),
        AbsenceOrder => settings::absence_order(),
        StrictWait { game } => settings::strict_wait(game),
        TooManyAbsences { n } => settings::too_many_absences(*n),
        PasswordRules => settings::password_rules(),
        SeatHoldersOnly => settings::seat_holders_only(),
        UnusableAddress { address } => settings::unusable_address(address),
        PreferenceBeforeStart => settings::preference_before_start(),
        PreferenceUsage => settings::preference_usage(),
        PreferenceOnlyLeftOut { left_out } => settings::preference_only_left_out(left_out),
        VoteBeforeStart => settings::not_started(),
        DrawIncludesSurvivors { survivors } => settings::draw_includes_survivors(survivors),
        NotASurvivor { power, survivors } => settings::not_a_survivor(power, survivors),
        ConcedeUsage => settings::concede_usage(),
        ConcedeToSelf => settings::concede_to_self(),
        NameTooLong { max } => settings::name_too_long(*max),
        NoConcessions { game } => disorder::no_concessions(game),
        ConcedeUnderNodias => disorder::concede_under_nodias(),
        ConcedeNotLargest { named, largest } => disorder::concede_not_largest(named, largest.as_deref()),
        DeclareDrawUsage => disorder::declare_draw_usage(),
        NoAlliances { map } => settings::no_alliances(map),
        NoDraws { map } => settings::no_draws(map),
        AllianceSize { n, sizes } => settings::alliance_size(*n, sizes),
        NeutralAlly { power } => settings::neutral_ally(power),

        DeadlinePassedConfirm { time, arg } => settings::deadline_passed_confirm(time, arg),
        OneProcessPerMail => master::one_process_per_mail(),
        ProxyOff { game } => super::proxy::off(game),
        ProxyInMovement => super::proxy::in_movement(),
        ProxyNotYours { unit } => super::proxy::not_yours(unit),
        ProxyLent { order, holder } => super::proxy::lent_away(order, holder),
        ProcessOtherPhase { named, now } => master::process_other_phase(named, now),
        NotActive { game, status } => master::game_is(game, *status),
        OrdersMissing { powers } => master::orders_missing(powers),
        NoPhaseToPredict { game, status } => master::no_phase_to_predict(game, *status),
        BecomeNeutral { power } => master::become_neutral(power),
        NotAnObserver { who, game } => master::not_an_observer(who, game),
        NotAPowerOrAddress { word } => master::not_a_power_or_address(word),
        NobodyToEject { power } => master::nobody_plays(power),
        NobodyAsked { power } => master::nobody_asked(power),
        NotVacant { power } => master::not_vacant(power),
        TableMailLimit { game, limit, again } => master::table_mail_limit(game, *limit, again),
        NoProcessedPhase { game, phase } => master::no_processed_phase(game, phase),
        NothingToRollBack { game } => master::nothing_to_roll_back(game),
        NoSuchTurn { game, turn, turns } => master::no_such_turn(game, turn, *turns),
        BadOption { why } => option(why),

        Tool(t) => super::community::refusal(t),
    }
}

/// The refusals of the session and accounts (`say::session`, `say::account`).
fn session_refusal(r: &SessionRefusal) -> String {
    use SessionRefusal::*;
    match r {
        PressWithoutEnd { unread } => session::press_without_end(*unread),
        PressHeaderUnreadable => session::press_header_unreadable(),
        PressIgnored { why, lines } => session::press_ignored(&refusal(why), *lines),
        ConditionalIgnored { lines, closed } => session::conditional_ignored(*lines, *closed),
        NoSuchGame { name } => session::no_such_game(name),
        NotSignedOn => session::not_signed_on(),
        MasterOnly { game } => session::master_only(game),
        PowersNotAssigned { game } => session::powers_not_assigned(game),
        MasterIsNoPower => session::master_is_no_power(),
        NoPlayerHoldsPower => session::no_player_holds_power(),
        OneTryPerSeat => session::one_try_per_seat(),
        TooManyWrongPasswords => session::too_many_wrong_passwords(),
        OwnerLaneLocked => session::owner_lane_locked(),
        TooManyPasswordCommands { max } => session::too_many_password_commands(*max),
        BadGameName { name } => account::bad_game_name(name),
        MasterPasswordTooShort => account::master_password_too_short(),
        OptionNotKeyValue { option } => account::option_not_key_value(option),
        CreationPasswordNeeded => account::creation_password_needed(),
        GameExists { name } => account::game_exists(name),
        UnknownVariant { name, known } => account::unknown_variant(name, known),
        VariantUnplayable { name, why } => account::variant_unplayable(name, why),
        RemovedCannotRejoin { game } => account::removed_cannot_rejoin(game),
        WrongSeatPassword { game } => account::wrong_seat_password(game),
        ChooseLongerPassword => account::choose_longer_password(),
        NoVacantPower { game } => account::no_vacant_power(game),
        TakeoverAskedAlready { game } => account::takeover_asked_already(game),
        WrongMasterPassword { game } => account::wrong_master_password(game),
        NotAPowerLetterIn { letter, game, powers } => account::not_a_power_letter(*letter, game, powers),
        PowersNotAssignedYet { game } => account::powers_not_assigned_yet(game),
        NobodyPlaysIn { power, game } => account::nobody_plays_in(power, game),
        WrongPowerPassword { power, game } => account::wrong_power_password(power, game),
        ObserverRemoved { game } => account::observer_removed(game),
        WrongConfirmation { game } => account::wrong_confirmation(game),
        NotObserving { game } => account::not_observing(game),
        WrongListCode { game } => account::wrong_list_code(game),
        UnknownConsentCode => super::consent::unknown_code(),
        UnknownUnlockCode => session::unknown_unlock_code(),
        OnlyPlayersResign => account::only_players_resign(),
    }
}

/// A command line the command parser could not read (`say::parse`).
fn usage_refusal(r: &UsageRefusal) -> String {
    use UsageRefusal::*;
    match r {
        CreateUsage => parse::create_usage(),
        SignonUsage => parse::signon_usage(),
        SignonLetterAndGame => parse::signon_letter_and_game(),
        NeedsGame { command } => parse::needs_game(command),
        ConfirmUsage => parse::confirm_usage(),
        UnlockUsage => session::unlock_usage(),
        HistoryUsage => parse::history_usage(),
        HistoryBadWord { word } => parse::history_bad_word(word),
        HistoryLinesUsage => parse::history_lines_usage(),
        HistoryExcludeUsage => parse::history_exclude_usage(),
        MapCommandUsage => parse::map_usage(),
        WithoutIf { head } => parse::without_if(head),
        PressTwoLists { head } => parse::press_two_lists(head),
        PressNotUnderstood { head, word } => parse::press_not_understood(head, word),
        SetNeedsName => parse::set_needs_name(),
        SetNoSuch { key } => parse::set_no_such(key),
        SetAmbiguous { key, candidates } => parse::set_ambiguous(key, candidates),
        SetNotTaken { name, hint } => parse::set_not_taken(name, *hint),
        NeedsRequestedPower { command } => parse::needs_requested_power(command),
        NeedsPower { command } => parse::needs_power(command),
        RollbackUsage => parse::rollback_usage(),
    }
}

/// The refusals of press and the diary (`say::press`).
fn press_refusal(r: &PressRefusal) -> String {
    use PressRefusal::*;
    match r {
        PressTooLong { bytes, max } => press::too_long(*bytes, *max),
        MasterNotAnonymous => press::master_not_anonymous(),
        PressBeforeStart => press::not_before_start(),
        OrdersBeforePress { game } => press::needs_orders_first(game),
        NoLatePress { game } => press::no_late_press(game),
        NoPressGame => press::no_press_game(),
        NoGreyPress => press::no_grey_press(),
        NoPartialPress => press::no_partial_press(),
        NobodyPlays { power } => press::nobody_plays(power),
        PressNoRecipients => press::no_recipients(),
        PressNeedsList { head } => press::needs_list(head),
        NotARecipientLetter { letter, powers } => press::not_a_recipient_letter(*letter, powers),
        PressToNobody => press::to_nobody(),
        HeldBack { why } => press::held_back(why),
        NoWhitePress => press::no_white_press(),
        NoFakePress => press::no_fake_press(),
        FakeToMaster => press::fake_to_master(),
        NoObserverPress => press::no_observer_press(),
        PostalPressOptions => press::postal_press_options(),
        ObserverIsNoPower => press::observer_is_no_power(),
        WrongObserverCode { game } => press::wrong_observer_code(game),
        NoPostalPress => press::no_postal_press(),
        DiaryUsage => press::diary_usage(),
        DiaryNotAPower => press::diary_not_a_power(),
        DiaryTooLong { bytes, max } => press::diary_too_long(*bytes, *max),
        DiaryFull { entries, bytes } => press::diary_full(*entries, *bytes),
        NoDiaryEntry { number } => press::no_diary_entry(*number),
        EndPressWithoutPress => press::endpress_without_press(),
        NoMinorPress => press::no_minor_press(),
        NoGracePress { game } => press::no_grace_press(game),
        NotTouching { power } => press::not_touching(power),
        OneBroadcastAPhase => press::one_broadcast_a_phase(),
        TouchNoObservers => press::touch_no_observers(),
        BlankPress => press::blank_refused(),
        BroadcastsForPlayers => press::broadcasts_for_players(),
        NoWatching { game } => press::no_watching(game),
    }
}

/// Why an order was refused, with what the unit may do instead.
fn order_fault(f: &OrderFault) -> String {
    match f {
        OrderFault::Note(n) => n.text().to_string(),
        OrderFault::MovementDisbandOff => orders::movement_disband_off(),
        OrderFault::NoSuchUnit { units, dislodged } => orders::no_such_unit(crate::adjudicate::Note::NoSuchUnit.text(), units, *dislodged),
        OrderFault::Retreat { note, options, right_hand } => orders::retreat_options(note.text(), options, *right_hand),
        OrderFault::BuildNotBase { capital, bases } => orders::build_sites(crate::adjudicate::Note::BuildNotBase.text(), capital.as_deref(), bases),
    }
}

/// Why a game option's value is refused.
pub fn option(e: &OptionError) -> String {
    use OptionError::*;
    match e {
        Unknown { key, known } => options::unknown(key, known),
        TooLate(o) => options::too_late(*o),
        PressValues { value } => master::press_values(value),
        FakeValues { value } => press::fake_values(value),
        ObserverPressValues { value } => press::observer_press_values(value),
        MasterPressValues { value } => press::master_press_values(value),
        AssignmentValues => master::assignment_values(),
        SwitchValues { key, word, value } => options::switch_values(key, word, value),
        ListNeedsAddress => master::list_needs_address(),
        ListFormat { got } => master::list_format_values(got),
        NotAnAddress { address } => master::not_an_address(address),
        WebhookUsage => master::webhook_usage(),
        WebhookRefused(e) => master::webhook_refused(&e.to_string()),
        TooManyWebhooks { max } => master::too_many_webhooks(*max),
        EndValues { value, first } => master::end_values(value, first),
        CentersValues { value, most } => master::centers_values(value, *most),
        PlayersValues { value } => master::players_values(value),
        MoreJoined { joined, seats } => master::more_joined(*joined, *seats),
        AccessValues { value } => super::dedication::access_values(value),
        LevelValues { value } => super::dedication::level_values(value),
        CdAfterValues { value, most } => disorder::cd_after_values(value, *most),
        MaxAbsenceValues { value, most } => settings::max_absence_values(value, *most),
        DedicationValues { value } => super::dedication::dedication_values(value),
        RatioValues { word, value } => super::dedication::ratio_values(word, value),
        AccessUsage(l) => super::dedication::list_usage(*l),
        AccessListFull { list, max } => super::dedication::list_full(*list, *max),
        NotOnAccessList { list, address } => super::dedication::not_listed(*list, address),
        RuleUsage => master::rule_usage(),
        Rule(e) => e.to_string(),
        Time(e) => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::timing::{self, TimeError};
    use chrono_tz::Tz;

    /// A timing refusal as the player reads it (`report::say::time`).
    fn time(e: &TimeError) -> String {
        e.to_string()
    }

    /// The sentences of timing's and the options' refusals, whole: the reply's
    /// words are the same as when the parsers wrote them.
    #[test]
    fn time_and_option_refusals_in_words() {
        let now = 1_793_491_200; // 2026-11-01 00:00 UTC
        let date = |s: &str| time(&timing::parse_date(s, Tz::UTC, now, false).unwrap_err());
        assert_eq!(date("soon"), "`soon` is not a date: write e.g. `Fri 20:00`, `Dec 30 18:00 CET`, `tomorrow 8pm`, `2026-12-30 18:00` or `+48h`");
        assert_eq!(date("2028-01-01 00:00"), "`2028-01-01 00:00` is more than 365 days ahead");
        assert_eq!(date("+2x"), "`2x`: unknown unit `x` (use minutes, hours or days)");
        let rule = |s: &str| time(&timing::Timing::parse(s).unwrap_err());
        assert_eq!(rule("2"), "`2`: a number needs a unit (hours, days, ...); write e.g. `next 48 hours at 20:00 on Mon-Fri` or `cron: 0 0 20 * * Mon,Thu`");
        assert_eq!(rule("next 30 minutes"), "`next 30 minutes`: a phase must last at least 1 hour (e.g. `next 1 hour at 20:00`)");
        assert_eq!(
            rule("cron: 0 0,30 23 * * *"),
            "`cron: 0 0,30 23 * * *`: it fires twice within 1 hour (at 23:00:00 and 23:30:00 UTC); deadlines must be at least that far apart"
        );
        assert_eq!(rule("cron: 0 0 0 29 2 *"), "`cron: 0 0 0 29 2 *`: it fires less often than once a year (not between 1972-02-29 and 1976-02-29)");
        assert_eq!(option(&OptionError::Time(TimeError::NoDays)), "no days given");
        assert_eq!(option(&OptionError::PressValues { value: "loud".into() }), "press is white, grey or none, not `loud`");
    }
}
