//! Consent: the paragraph that offers a sender a code, the request mailed
//! to an address someone named, what a confirmation answers, and the lines a
//! command gets when the gate sends nothing.

/// The paragraphs at the end of a reply to an address that has not yet
/// consented to the judge's mail, with its code (the command on a line of
/// its own, never wrapped).
pub fn offer(judge: &str, code: &str) -> Vec<String> {
    vec![
        "This address has not yet confirmed that it wants mail from this judge, so it gets nothing but replies: a game's results, press and notices for it are kept for a week and not sent. To get them, answer from this address with the line:".to_string(),
        format!("    CONFIRM {code}"),
        format!("If you did not write to {judge}, someone used your address: ignore this mail and nothing more comes."),
    ]
}

/// The paragraph a request mailed to an address someone named ends with.
pub fn request_code(code: &str) -> String {
    format!(
        "This address has not asked for this judge's mail, so nothing more is sent here unless you ask for it.\n\
         To get it, answer with the line:\n\n    CONFIRM {code}\n\n\
         If you did not expect this mail, ignore it: it is the only one you get.\n"
    )
}

/// CONFIRM with a code that was mailed to the address: it consents now.
pub fn confirmed(mailbox: &str, released: usize) -> String {
    if released == 0 {
        format!("Confirmed: {mailbox} gets this judge's mail from now on.")
    } else {
        format!("Confirmed: {mailbox} gets this judge's mail from now on; the {released} mail(s) kept for it are on their way.")
    }
}

/// CONFIRM with no code, from an address that consents already.
pub fn already(mailbox: &str) -> String {
    format!("{mailbox} has already confirmed: it gets this judge's mail.")
}

/// CONFIRM with no code, from an address that has not consented: the code
/// is in the paragraph at the end of this reply.
pub fn code_below() -> String {
    "Your code is at the end of this reply.".to_string()
}

/// CONFIRM with a code that no request of the last weeks carried.
pub fn unknown_code() -> String {
    "That code confirms nothing: it is not one this judge mailed in the last 30 days. Send CONFIRM alone to get a new one.".to_string()
}

/// Nothing was sent: the address was asked already.
pub fn asked_already(address: &str, again: &str) -> String {
    format!(
        "Nothing was sent to {address}: it was asked lately and has not answered. It gets no other request before {again}; it can confirm by mailing this judge CONFIRM."
    )
}

/// Nothing was sent: a limit on requests.
pub fn over_limit(address: &str, limit: u32, per: Per) -> String {
    let what = match per {
        Per::Mail => "one mail may cause",
        Per::SenderDay => "one sender's mail may cause in a day",
        Per::GameDay => "a game may cause in a day",
        Per::JudgeHour => "this judge sends in an hour",
    };
    format!(
        "Nothing was sent to {address}: {limit} requests for confirmation are the most {what}. Ask again later, or ask {address} to mail this judge CONFIRM."
    )
}

/// What a limit on requests counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Per {
    Mail,
    SenderDay,
    GameDay,
    JudgeHour,
}

/// The mail for an address that has not consented is kept, not sent.
pub fn kept_for(address: &str) -> String {
    format!("{address} has not confirmed that it wants this judge's mail: what is for it is kept for a week and sent once it confirms.")
}
