import CivilDates
import Foundation
import HomeroomCore
import HomeroomRuntime
import Lunch

/// The demo's lunch menus: a CSV file in the demo's folder, as a school exports it, with a menu
/// for each school day of this week and the next, imported as `homeroom import lunch` does.
enum DemoLunchMenus {
    /// The file's name in the demo's folder.
    static let fileName = "lunch-menus.csv"

    /// A menu of the demo: the school it is imported at (its group's, for a shared menu), its
    /// file, and its dishes a school day in turn.
    struct Menu {
        let school: String
        let fileName: String
        let menus: [(specials: String, vegetables: String, fries: String)]
    }

    /// Lincoln High's menu, the middle schools' (Jefferson's) and the elementary schools' (Adams').
    static let all = [
        Menu(school: DemoDistrict.lincoln, fileName: fileName, menus: menus),
        Menu(school: DemoDistrict.jefferson, fileName: "lunch-menus-middle-schools.csv", menus: middleSchoolMenus),
        Menu(school: DemoDistrict.adams, fileName: "lunch-menus-elementary-schools.csv", menus: elementaryMenus),
    ]

    /// The middle schools' menus.
    private static let middleSchoolMenus: [(specials: String, vegetables: String, fries: String)] = [
        ("Chicken tenders; Cheese quesadilla", "Corn; Apple slices", "yes"),
        ("Spaghetti with meatballs; Veggie burger", "Side salad; Grapes", "no"),
        ("Cheese pizza; Turkey and gravy", "Carrot sticks; Orange wedges", "yes"),
        ("Beef tacos; Bean and cheese burrito", "Salsa; Pear", "no"),
        ("Fish sandwich; Grilled cheese", "Tomato soup; Berries", "yes"),
        ("Cheeseburger; Black bean burger", "Green beans; Apple slices", "yes"),
        ("Chicken noodle soup; Chili", "Crackers; Celery sticks", "no"),
        ("Teriyaki chicken bowl; Tofu stir-fry", "Steamed rice; Edamame", "no"),
        ("Cheese pizza; Pasta primavera", "Caesar salad; Grapes", "yes"),
        ("Breakfast for lunch: pancakes; Scrambled eggs", "Hash browns; Berries", "no"),
    ]

    /// The elementary schools' menus.
    private static let elementaryMenus: [(specials: String, vegetables: String, fries: String)] = [
        ("Cheese pizza; Grilled cheese", "Carrot sticks; Apple slices", "no"),
        ("Chicken tenders; Veggie burger", "Corn; Grapes", "no"),
        ("Spaghetti with meatballs; Pasta primavera", "Green beans; Orange wedges", "no"),
        ("Turkey and gravy; Cornbread", "Mashed potatoes; Peas", "no"),
        ("Breakfast for lunch: pancakes; Scrambled eggs", "Berries; Pear", "no"),
        ("Cheeseburger; Black bean burger", "Side salad; Apple slices", "no"),
        ("Chicken noodle soup; Grilled cheese", "Crackers; Celery sticks", "no"),
        ("Bean and cheese burrito; Cheese quesadilla", "Corn; Salsa", "no"),
        ("Fish sandwich; Cheese pizza", "Broccoli; Grapes", "no"),
        ("Teriyaki chicken bowl; Tofu stir-fry", "Steamed rice; Orange wedges", "no"),
    ]

    /// The menus, one a school day in turn: specials, vegetables (`;` between items), fries.
    private static let menus: [(specials: String, vegetables: String, fries: String)] = [
        ("Chicken tenders; Veggie burger", "Green beans; Apple slices", "yes"),
        ("Beef tacos; Bean and cheese burrito", "Corn; Salsa; Orange wedges", "no"),
        ("Spaghetti with meatballs; Pasta primavera", "Caesar salad; Garlic bread", "no"),
        ("Cheese pizza; Pepperoni pizza", "Carrot sticks; Grapes", "yes"),
        ("Fish sandwich; Grilled cheese", "Tomato soup; Broccoli", "yes"),
        ("Turkey and gravy; Cornbread", "Mashed potatoes; Peas", "no"),
        ("Teriyaki chicken bowl; Tofu stir-fry", "Steamed rice; Edamame", "no"),
        ("Cheeseburger; Black bean burger", "Side salad; Pear", "yes"),
        ("Chicken noodle soup; Chili", "Crackers; Celery sticks", "no"),
        ("Breakfast for lunch: pancakes; Scrambled eggs", "Hash browns; Berries", "no"),
    ]

    /// The languages the file translates the dishes into, a column each for specials and vegetables.
    private static let languages: [Language] = [.spanish, .chinese, .vietnamese, .arabic]

    /// Each dish of ``menus`` as the district's translators wrote it, by language.
    private static let dishes: [String: [Language: String]] = [
        "Chicken tenders": [
            .spanish: "Tiras de pollo empanizadas", .chinese: "炸鸡柳", .vietnamese: "Gà tẩm bột chiên",
            .arabic: "أصابع الدجاج المقرمشة",
        ],
        "Veggie burger": [
            .spanish: "Hamburguesa vegetariana", .chinese: "素食汉堡", .vietnamese: "Hamburger chay", .arabic: "برغر نباتي",
        ],
        "Beef tacos": [
            .spanish: "Tacos de res", .chinese: "牛肉塔可", .vietnamese: "Bánh taco bò", .arabic: "تاكو باللحم البقري",
        ],
        "Bean and cheese burrito": [
            .spanish: "Burrito de frijoles con queso", .chinese: "豆泥芝士卷饼", .vietnamese: "Burrito đậu và phô mai",
            .arabic: "بوريتو بالفاصوليا والجبن",
        ],
        "Spaghetti with meatballs": [
            .spanish: "Espagueti con albóndigas", .chinese: "肉丸意大利面", .vietnamese: "Mì Ý sốt thịt viên",
            .arabic: "سباغيتي بكرات اللحم",
        ],
        "Pasta primavera": [
            .spanish: "Pasta primavera con verduras", .chinese: "时蔬意大利面", .vietnamese: "Mì Ý rau củ",
            .arabic: "باستا بالخضروات (بريمافيرا)",
        ],
        "Cheese pizza": [
            .spanish: "Pizza de queso", .chinese: "芝士披萨", .vietnamese: "Pizza phô mai", .arabic: "بيتزا بالجبن",
        ],
        "Pepperoni pizza": [
            .spanish: "Pizza de pepperoni", .chinese: "意式辣香肠披萨", .vietnamese: "Pizza xúc xích pepperoni",
            .arabic: "بيتزا بالببروني",
        ],
        "Fish sandwich": [
            .spanish: "Sándwich de pescado", .chinese: "鱼排三明治", .vietnamese: "Bánh mì kẹp cá", .arabic: "ساندويتش سمك",
        ],
        "Grilled cheese": [
            .spanish: "Sándwich de queso a la plancha", .chinese: "烤芝士三明治", .vietnamese: "Bánh mì nướng phô mai",
            .arabic: "ساندويتش جبن محمص",
        ],
        "Turkey and gravy": [
            .spanish: "Pavo con salsa gravy", .chinese: "火鸡配肉汁", .vietnamese: "Gà tây sốt nước thịt",
            .arabic: "ديك رومي بالمرق",
        ],
        "Cornbread": [.spanish: "Pan de maíz", .chinese: "玉米面包", .vietnamese: "Bánh mì bắp", .arabic: "خبز الذرة"],
        "Teriyaki chicken bowl": [
            .spanish: "Tazón de pollo teriyaki", .chinese: "照烧鸡肉饭", .vietnamese: "Cơm gà teriyaki",
            .arabic: "طبق أرز بدجاج الترياكي",
        ],
        "Tofu stir-fry": [
            .spanish: "Tofu salteado con verduras", .chinese: "蔬菜炒豆腐", .vietnamese: "Đậu hũ xào rau",
            .arabic: "توفو مقلي مع الخضروات",
        ],
        "Cheeseburger": [
            .spanish: "Hamburguesa con queso", .chinese: "芝士汉堡", .vietnamese: "Hamburger phô mai",
            .arabic: "برغر بالجبن",
        ],
        "Black bean burger": [
            .spanish: "Hamburguesa de frijoles negros", .chinese: "黑豆汉堡", .vietnamese: "Hamburger đậu đen",
            .arabic: "برغر الفاصوليا السوداء",
        ],
        "Chicken noodle soup": [
            .spanish: "Sopa de pollo con fideos", .chinese: "鸡肉面条汤", .vietnamese: "Súp gà nấu mì",
            .arabic: "شوربة الدجاج بالشعيرية",
        ],
        "Chili": [
            .spanish: "Chili con frijoles", .chinese: "美式辣豆汤", .vietnamese: "Chili đậu hầm cay",
            .arabic: "يخنة الفاصوليا الحارة (تشيلي)",
        ],
        "Breakfast for lunch: pancakes": [
            .spanish: "Desayuno a la hora del almuerzo: panqueques", .chinese: "早餐当午餐：松饼",
            .vietnamese: "Bữa trưa kiểu bữa sáng: bánh kếp", .arabic: "فطور في وجبة الغداء: فطائر البان كيك",
        ],
        "Scrambled eggs": [
            .spanish: "Huevos revueltos", .chinese: "炒鸡蛋", .vietnamese: "Trứng bác", .arabic: "بيض مخفوق",
        ],
        "Green beans": [.spanish: "Ejotes", .chinese: "四季豆", .vietnamese: "Đậu que", .arabic: "فاصوليا خضراء"],
        "Apple slices": [
            .spanish: "Rebanadas de manzana", .chinese: "苹果片", .vietnamese: "Táo cắt lát", .arabic: "شرائح التفاح",
        ],
        "Corn": [.spanish: "Maíz", .chinese: "玉米", .vietnamese: "Bắp", .arabic: "ذرة"],
        "Salsa": [.spanish: "Salsa", .chinese: "莎莎酱", .vietnamese: "Sốt salsa", .arabic: "صلصة السالسا"],
        "Orange wedges": [
            .spanish: "Gajos de naranja", .chinese: "橙子块", .vietnamese: "Cam cắt múi", .arabic: "قطع البرتقال",
        ],
        "Caesar salad": [
            .spanish: "Ensalada César", .chinese: "凯撒沙拉", .vietnamese: "Salad Caesar", .arabic: "سلطة سيزر",
        ],
        "Garlic bread": [
            .spanish: "Pan de ajo", .chinese: "蒜香面包", .vietnamese: "Bánh mì bơ tỏi", .arabic: "خبز بالثوم",
        ],
        "Carrot sticks": [
            .spanish: "Palitos de zanahoria", .chinese: "胡萝卜条", .vietnamese: "Cà rốt cắt que", .arabic: "أصابع الجزر",
        ],
        "Grapes": [.spanish: "Uvas", .chinese: "葡萄", .vietnamese: "Nho", .arabic: "عنب"],
        "Tomato soup": [
            .spanish: "Sopa de tomate", .chinese: "番茄汤", .vietnamese: "Súp cà chua", .arabic: "شوربة الطماطم",
        ],
        "Broccoli": [.spanish: "Brócoli", .chinese: "西兰花", .vietnamese: "Bông cải xanh", .arabic: "بروكلي"],
        "Mashed potatoes": [
            .spanish: "Puré de papas", .chinese: "土豆泥", .vietnamese: "Khoai tây nghiền", .arabic: "بطاطس مهروسة",
        ],
        "Peas": [.spanish: "Chícharos", .chinese: "豌豆", .vietnamese: "Đậu Hà Lan", .arabic: "بازلاء"],
        "Steamed rice": [
            .spanish: "Arroz al vapor", .chinese: "白米饭", .vietnamese: "Cơm trắng", .arabic: "أرز مطهو على البخار",
        ],
        "Edamame": [
            .spanish: "Edamame (frijoles de soya)", .chinese: "毛豆", .vietnamese: "Đậu nành Nhật (edamame)",
            .arabic: "فول الصويا الأخضر (إدامامي)",
        ],
        "Side salad": [
            .spanish: "Ensalada de acompañamiento", .chinese: "配餐沙拉", .vietnamese: "Salad ăn kèm",
            .arabic: "سلطة جانبية",
        ],
        "Pear": [.spanish: "Pera", .chinese: "梨", .vietnamese: "Lê", .arabic: "كمثرى"],
        "Crackers": [
            .spanish: "Galletas saladas", .chinese: "苏打饼干", .vietnamese: "Bánh quy giòn", .arabic: "بسكويت مملح",
        ],
        "Celery sticks": [
            .spanish: "Palitos de apio", .chinese: "芹菜条", .vietnamese: "Cần tây cắt que", .arabic: "أصابع الكرفس",
        ],
        "Hash browns": [
            .spanish: "Papas ralladas doradas", .chinese: "炸薯饼", .vietnamese: "Bánh khoai tây chiên giòn",
            .arabic: "أقراص البطاطس المبشورة المقلية",
        ],
        "Berries": [.spanish: "Frutos rojos", .chinese: "什锦莓果", .vietnamese: "Quả mọng các loại", .arabic: "توت مشكّل"],
    ]

    /// The dishes of `list` (`;` between them) in `language`, in the same order; a dish without a
    /// translation stays as written.
    private static func translated(_ list: String, into language: Language) -> String {
        list.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            .map { dishes[$0]?[language] ?? $0 }.joined(separator: "; ")
    }

    /// Writes each of ``all`` for this week and the next and imports it at its school.
    static func load(into folder: URL, today: LocalDate, runtime: BotRuntime) async throws {
        for menu in all { try await load(menu, into: folder, today: today, runtime: runtime) }
    }

    /// Writes `menu` for this week and the next and imports it at its school.
    private static func load(_ menu: Menu, into folder: URL, today: LocalDate, runtime: BotRuntime) async throws {
        let monday = today.mondayOfWeek
        let school = runtime.configuration.district.school(id: menu.school)?.calendar ?? runtime.configuration.school
        let days = (0..<14).map { monday.adding(days: $0) }.filter { school.isSchoolDay($0) }
        let fileName = menu.fileName
        let rows = zip(days, menu.menus).map { date, menu in
            "\(date.iso),\(menu.specials),\(menu.vegetables),\(menu.fries)"
                + languages.map { language in
                    ",\(translated(menu.specials, into: language)),\(translated(menu.vegetables, into: language))"
                }.joined()
        }
        let file = folder.appendingPathComponent(fileName)
        let header =
            "date,specials,vegetables,fries"
            + languages.map { ",specials_\($0.code),vegetables_\($0.code)" }.joined()
        let csv = ([header] + rows).joined(separator: "\n") + "\n"
        try csv.write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try await LunchImporter.importMenus(
                Data(csv.utf8), named: fileName, into: runtime.storage(for: LunchPlugin.id, at: menu.school),
                by: DemoAdmin.id, at: runtime.clock.now)
        } catch let error as LunchImportError {
            throw UserFacingError(error.description)
        }
    }
}
