import HomeroomCore
import HomeroomEngine
import HomeroomWebhooks
import Hummingbird

/// The office's web console at `/console` and the hallway display at `/display`, served by the
/// webhook server: every instance serves every page, since sessions live in the database.
package struct WebConsoleRoutes: WebRouteSet {
    let signIns: WebConsoleSignIns
    let access: AccessDirectory
    let login: PinLogin
    let dispatcher: Dispatcher
    let schoolName: String

    /// The console over the runtime's sign-ins, roles, PIN logins and message path, for the school
    /// named `schoolName`.
    package init(
        signIns: WebConsoleSignIns, access: AccessDirectory, login: PinLogin, dispatcher: Dispatcher,
        schoolName: String
    ) {
        self.signIns = signIns
        self.access = access
        self.login = login
        self.dispatcher = dispatcher
        self.schoolName = schoolName
    }

    /// The largest file the console takes (a lunch CSV for a year is about 40 KB).
    static let uploadLimit = 2_000_000

    package var endpoints: [String] {
        ["/console"] + (signIns.settings.display ? ["/display"] : [])
    }

    /// Files go only to the plugins' pages; every other path keeps the server's limit.
    package func bodyLimit(forPath path: String) -> Int? {
        guard path.hasPrefix("/console/") else { return nil }
        return dispatcher.consolePage(at: path.dropFirst("/console/".count)) == nil ? nil : Self.uploadLimit
    }

    package func addRoutes(to router: Router<WebhookRequestContext>, context: PlatformRouteContext) {
        let server = ConsoleServer(
            signIns: signIns, access: access, login: login, dispatcher: dispatcher, schoolName: schoolName,
            outbox: context.dependencies.outbox, adapterStatus: context.dependencies.adapterStatus,
            roster: context.dependencies.roster, logger: context.dependencies.logger,
            crossSite: CrossSiteCheck(publicURL: signIns.settings.publicURL))
        router.get("console") { request, _ in await server.home(request) }
        router.get("console/assets/:file") { _, context in
            ConsoleAssets.response(for: context.parameters.get("file") ?? "")
        }
        router.get("console/signin/:token") { request, context in
            server.confirmSignIn(request, token: context.parameters.get("token") ?? "")
        }
        router.post("console/signin/:token") { request, context in
            await server.signIn(request, token: context.parameters.get("token") ?? "")
        }
        router.get("console/pin") { request, _ in await server.pinPage(request) }
        router.post("console/pin") { request, _ in await server.enterPIN(request) }
        router.post("console/signout") { request, _ in await server.signOut(request) }
        router.get("console/health") { request, _ in await server.health(request) }
        router.post("console/health") { request, _ in await server.retryDeadLetter(request) }
        router.get("console/:page") { request, context in
            await server.show(request, page: context.parameters.get("page") ?? "")
        }
        router.post("console/:page") { request, context in
            await server.change(request, page: context.parameters.get("page") ?? "")
        }
        if signIns.settings.display {
            let display = HallwayDisplay(dispatcher: dispatcher, schoolName: schoolName)
            router.get("display") { request, _ in await display.page(request) }
            router.get("display/state") { request, _ in await display.state(request) }
        }
    }
}
