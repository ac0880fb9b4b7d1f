/// The fields of a Slack or Mattermost slash command that Homeroom reads (both send the same names).
package struct SlashCommandForm: Decodable {
    let command: String
    let text: String?
    let team_id: String
    let user_id: String
    let channel_id: String
    let channel_name: String?
    let response_url: String?
    /// Mattermost's signed id of this one command (``MattermostTrigger``); Slack's is opaque and unread.
    let trigger_id: String?
}
