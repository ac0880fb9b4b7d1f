import HomeroomCore
import Lunch

/// The plugins this build of `homeroom` carries.
let installedPlugins: [any ConfigurablePlugin.Type] = [LunchPlugin.self]
