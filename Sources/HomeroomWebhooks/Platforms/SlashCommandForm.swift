/// The fields of a Slack or Mattermost slash command that Homeroom reads (both send the same names).
package struct SlashCommandForm: Decodable {
    package let command: String
    package let text: String?
    package let team_id: String
    package let user_id: String
    package let channel_id: String
    package let channel_name: String?
    package let response_url: String?
    /// Mattermost's signed id of this one command (``MattermostTrigger``); Slack's is opaque and unread.
    package let trigger_id: String?
}
