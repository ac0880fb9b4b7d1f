import Directions
import Events
import HomeroomCore
import Lunch
import News
import RecipesPlugin
import Schedule

/// The plugins this build of `homeroom` carries.
let installedPlugins: [any ConfigurablePlugin.Type] = [
    LunchPlugin.self, SchedulePlugin.self, NewsPlugin.self, RecipesPlugin.self, DirectionsPlugin.self,
    EventsPlugin.self,
]
