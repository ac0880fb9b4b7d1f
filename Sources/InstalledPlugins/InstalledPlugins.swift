import Directions
import Events
import HomeroomCore
import Lunch
import News
import RecipesPlugin
import Schedule

/// The plugins this build of `homeroom` carries (the runtime adds its core), in one list that the
/// executable serves and the tests that check every plugin together read.
package let installedPlugins: [any ConfigurablePlugin.Type] = [
    LunchPlugin.self, SchedulePlugin.self, NewsPlugin.self, RecipesPlugin.self, DirectionsPlugin.self,
    EventsPlugin.self,
]
