import HomeroomCore
import HomeroomEngine
import HomeroomRuntime

/// The translations of what the demo's admin writes for clubs and events, given as a district's
/// translators give them, so that a family reading the demo in Spanish, Chinese, Vietnamese or
/// Arabic sees its own language. Each text is written exactly as ``DemoClubs``, ``DemoEvents``,
/// ``DemoBellSchedule``, ``DemoConfiguration`` and the example campus write it; people's names
/// (Ms. Rivera), room numbers, phone numbers and addresses are shown as written and are not here. Setting a
/// translation again changes it, so loading twice adds nothing twice.
enum DemoTranslations {
    /// A text as written, and how it reads in Spanish, Chinese, Vietnamese and Arabic.
    private typealias Entry = (original: String, es: String, zh: String, vi: String, ar: String)

    /// The clubs' titles, categories and meeting times.
    private static let clubs: [Entry] = [
        ("Robotics", "Robótica", "机器人社", "Câu lạc bộ Robot", "الروبوتات"),
        ("Chess Club", "Club de ajedrez", "国际象棋社", "Câu lạc bộ Cờ vua", "نادي الشطرنج"),
        ("Drama Club", "Club de teatro", "戏剧社", "Câu lạc bộ Kịch", "نادي المسرح"),
        ("Soccer Team", "Equipo de fútbol", "足球队", "Đội bóng đá", "فريق كرة القدم"),
        ("Garden Club", "Club de jardinería", "园艺社", "Câu lạc bộ Làm vườn", "نادي البستنة"),
        ("academic", "académico", "学术", "học thuật", "أكاديمي"),
        ("arts", "artes", "艺术", "nghệ thuật", "فنون"),
        ("sports", "deportes", "体育", "thể thao", "رياضة"),
        ("service", "servicio comunitario", "社区服务", "phục vụ cộng đồng", "خدمة المجتمع"),
        (
            "Thursdays 15:30", "los jueves a las 3:30 p.m.", "每周四 15:30", "Thứ Năm hằng tuần lúc 15:30",
            "أيام الخميس الساعة 3:30 م"
        ),
        (
            "Mondays at lunch", "los lunes a la hora del almuerzo", "每周一午餐时间",
            "Thứ Hai hằng tuần vào giờ ăn trưa", "أيام الاثنين وقت الغداء"
        ),
        (
            "Tuesdays 15:30", "los martes a las 3:30 p.m.", "每周二 15:30", "Thứ Ba hằng tuần lúc 15:30",
            "أيام الثلاثاء الساعة 3:30 م"
        ),
        (
            "Mon, Wed, Fri 16:00", "lunes, miércoles y viernes a las 4:00 p.m.", "每周一、三、五 16:00",
            "Thứ Hai, Thứ Tư, Thứ Sáu lúc 16:00", "أيام الاثنين والأربعاء والجمعة الساعة 4:00 م"
        ),
        (
            "Fridays at lunch", "los viernes a la hora del almuerzo", "每周五午餐时间",
            "Thứ Sáu hằng tuần vào giờ ăn trưa", "أيام الجمعة وقت الغداء"
        ),
    ]

    /// The events' titles.
    private static let events: [Entry] = [
        ("Chess open board", "Ajedrez libre", "国际象棋自由对弈", "Chơi cờ vua tự do", "جلسة شطرنج مفتوحة"),
        (
            "Robotics build session", "Taller de construcción de robots", "机器人搭建活动", "Buổi lắp ráp robot",
            "جلسة بناء الروبوتات"
        ),
        ("Drama rehearsal", "Ensayo de teatro", "戏剧排练", "Buổi tập kịch", "التدريب على المسرحية"),
        (
            "College information night", "Noche informativa sobre la universidad", "大学升学说明会",
            "Buổi tối thông tin tuyển sinh đại học", "أمسية تعريفية بالالتحاق بالجامعة"
        ),
        (
            "Student council breakfast", "Desayuno del consejo estudiantil", "学生会早餐会",
            "Bữa sáng của Hội học sinh", "فطور مجلس الطلاب"
        ),
        (
            "Soccer home game", "Partido de fútbol en casa", "足球主场比赛", "Trận bóng đá sân nhà",
            "مباراة كرة القدم على أرض المدرسة"
        ),
        (
            "Robotics club meeting", "Reunión del club de robótica", "机器人社例会",
            "Buổi sinh hoạt Câu lạc bộ Robot", "اجتماع نادي الروبوتات"
        ),
        ("Winter concert", "Concierto de invierno", "冬季音乐会", "Buổi hòa nhạc mùa đông", "الحفل الموسيقي الشتوي"),
        (
            "Garden club planting", "Siembra del club de jardinería", "园艺社种植活动",
            "Buổi trồng cây của Câu lạc bộ Làm vườn", "جلسة زراعة لنادي البستنة"
        ),
        ("Movie night", "Noche de cine", "电影之夜", "Đêm chiếu phim", "أمسية سينمائية"),
        (
            "Car wash fundraiser", "Lavado de autos para recaudar fondos", "洗车筹款活动", "Rửa xe gây quỹ",
            "غسيل سيارات لجمع التبرعات"
        ),
        (
            "Homework help live chat", "Ayuda con la tarea por chat en vivo", "在线实时作业辅导",
            "Hỗ trợ bài tập về nhà qua trò chuyện trực tuyến", "مساعدة في الواجبات المنزلية عبر الدردشة المباشرة"
        ),
    ]

    /// The bell schedule's period names and its Friday note (``DemoBellSchedule``).
    private static let bellSchedule: [Entry] = [
        ("Period 1", "Período 1", "第1节课", "Tiết 1", "الحصة الأولى"),
        ("Period 2", "Período 2", "第2节课", "Tiết 2", "الحصة الثانية"),
        ("Period 3", "Período 3", "第3节课", "Tiết 3", "الحصة الثالثة"),
        ("Period 4", "Período 4", "第4节课", "Tiết 4", "الحصة الرابعة"),
        ("Period 5", "Período 5", "第5节课", "Tiết 5", "الحصة الخامسة"),
        ("Period 6", "Período 6", "第6节课", "Tiết 6", "الحصة السادسة"),
        ("Period 7", "Período 7", "第7节课", "Tiết 7", "الحصة السابعة"),
        ("Lunch", "Almuerzo", "午餐", "Ăn trưa", "الغداء"),
        (
            "Spirit Day: wear the school colours", "Día del espíritu escolar: vístete con los colores de la escuela",
            "校园精神日：请穿学校代表色的衣服", "Ngày tinh thần học đường: hãy mặc màu áo của trường",
            "يوم الروح المدرسية: ارتدِ ألوان المدرسة"
        ),
    ]

    /// Where the office is and its hours (``DemoConfiguration``); its phone, e-mail and street address
    /// are shown as written.
    private static let office: [Entry] = [
        (
            "Main office, room A-100, by the front entrance",
            "Oficina de la escuela, salón A-100, junto a la entrada principal",
            "学校办公室，A-100室，紧邻正门入口", "Văn phòng trường, phòng A-100, cạnh lối vào chính",
            "مكتب المدرسة، الغرفة A-100، بجوار المدخل الرئيسي"
        ),
        (
            "Mon–Fri 7:30–16:00", "de lunes a viernes, de 7:30 a.m. a 4:00 p.m.", "周一至周五 7:30–16:00",
            "Thứ Hai đến Thứ Sáu, 7:30–16:00", "من الاثنين إلى الجمعة، من 7:30 ص إلى 4:00 م"
        ),
    ]

    /// The example campus's (Examples/campus.json) buildings, places, hallways, doors, stairs and
    /// written instructions that directions, `/places` and `/rooms` show; room numbers stay as written.
    private static let campus: [Entry] = [
        ("Main building", "Edificio Principal", "主楼", "Tòa nhà Chính", "المبنى الرئيسي"),
        ("Science building", "Edificio de Ciencias", "科学楼", "Tòa nhà Khoa học", "مبنى العلوم"),
        (
            "Arts and Athletics building", "Edificio de Artes y Deportes", "艺术体育楼", "Tòa nhà Nghệ thuật và Thể thao",
            "مبنى الفنون والرياضة"
        ),
        ("Library", "Biblioteca", "图书馆", "Thư viện", "المكتبة"),
        ("Main office", "Oficina de la escuela", "学校办公室", "Văn phòng trường", "مكتب المدرسة"),
        ("Nurse", "Enfermería", "医务室", "Phòng y tế", "العيادة المدرسية"),
        ("Counseling", "Orientación", "辅导室", "Phòng tư vấn", "الإرشاد الطلابي"),
        ("Cafeteria", "Cafetería", "食堂", "Nhà ăn", "المقصف"),
        ("Gym", "Gimnasio", "体育馆", "Nhà thể chất", "الصالة الرياضية"),
        ("Theater", "Teatro", "剧场", "Nhà hát", "المسرح"),
        ("Front entrance", "Entrada principal", "正门", "Lối vào chính", "المدخل الرئيسي"),
        ("Courtyard", "Patio", "庭院", "Sân trong", "الفناء"),
        ("Chemistry lab", "Laboratorio de química", "化学实验室", "Phòng thí nghiệm Hóa học", "مختبر الكيمياء"),
        ("the main hallway", "el pasillo principal", "主走廊", "hành lang chính", "الممر الرئيسي"),
        (
            "the ground floor hallway", "el pasillo de la planta baja", "一楼走廊", "hành lang tầng trệt",
            "ممر الطابق الأرضي"
        ),
        ("the floor 2 hallway", "el pasillo del segundo piso", "二楼走廊", "hành lang tầng 2", "ممر الطابق الثاني"),
        ("the floor 3 hallway", "el pasillo del tercer piso", "三楼走廊", "hành lang tầng 3", "ممر الطابق الثالث"),
        ("the upstairs hallway", "el pasillo del piso de arriba", "楼上走廊", "hành lang tầng trên", "ممر الطابق العلوي"),
        ("double doors", "puertas dobles", "双开门", "cửa đôi", "الباب المزدوج"),
        ("main stairs", "escalera principal", "主楼梯", "cầu thang chính", "الدرج الرئيسي"),
        ("east stairs", "escalera este", "东侧楼梯", "cầu thang phía đông", "الدرج الشرقي"),
        (
            "the main entrance, by the front office", "la entrada principal, junto a la oficina de la escuela",
            "正门入口，学校办公室旁", "lối vào chính, cạnh văn phòng trường", "المدخل الرئيسي، بجوار مكتب المدرسة"
        ),
        (
            "the double doors between the Main and Science buildings",
            "las puertas dobles entre el Edificio Principal y el de Ciencias", "主楼与科学楼之间的双开门",
            "cửa đôi giữa Tòa nhà Chính và Tòa nhà Khoa học", "الباب المزدوج بين المبنى الرئيسي ومبنى العلوم"
        ),
        (
            "the west end of the Science building's ground floor",
            "el extremo oeste de la planta baja del Edificio de Ciencias", "科学楼一楼西端",
            "đầu phía tây tầng trệt của Tòa nhà Khoa học", "الطرف الغربي من الطابق الأرضي في مبنى العلوم"
        ),
        (
            "the east end of the Science building's ground floor",
            "el extremo este de la planta baja del Edificio de Ciencias", "科学楼一楼东端",
            "đầu phía đông tầng trệt của Tòa nhà Khoa học", "الطرف الشرقي من الطابق الأرضي في مبنى العلوم"
        ),
        (
            "turn left to the main stairs", "gira a la izquierda hacia la escalera principal", "向左转，前往主楼梯",
            "rẽ trái về phía cầu thang chính", "انعطف يسارًا نحو الدرج الرئيسي"
        ),
        (
            "turn right to the east stairs", "gira a la derecha hacia la escalera este", "向右转，前往东侧楼梯",
            "rẽ phải về phía cầu thang phía đông", "انعطف يمينًا نحو الدرج الشرقي"
        ),
        (
            "step off the stairs into the floor 2 hallway", "sal de la escalera al pasillo del segundo piso",
            "离开楼梯，进入二楼走廊", "rời cầu thang và đi vào hành lang tầng 2", "اخرج من الدرج إلى ممر الطابق الثاني"
        ),
        (
            "step off the stairs into the floor 3 hallway", "sal de la escalera al pasillo del tercer piso",
            "离开楼梯，进入三楼走廊", "rời cầu thang và đi vào hành lang tầng 3", "اخرج من الدرج إلى ممر الطابق الثالث"
        ),
    ]

    /// Stores the translations in `runtime`, as an admin's (not a machine's).
    static func load(into runtime: BotRuntime) async throws {
        let changes = (clubs + events + bellSchedule + office + campus).flatMap {
            entry -> [ContentTranslationBook.Change] in
            [(Language.spanish, entry.es), (.chinese, entry.zh), (.vietnamese, entry.vi), (.arabic, entry.ar)].map {
                .translate(entry.original, into: $0, as: $1, isMachine: false)
            }
        }
        try await runtime.contentTranslations.apply(changes, audit: nil)
    }
}
