import HomeroomCore
import HomeroomEngine

/// What the bot answers to one chat message on IRC, ready for the outgoing queue.
typealias IRCAnswer = ConversationAnswer<IRCMessage>

/// An answer rendered outside the connection and handed back to it in one call.
typealias IRCRenderedAnswer = RenderedAnswer<IRCMessage>
