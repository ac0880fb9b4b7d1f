// libxml2's HTML and XML parsers for HTMLText and Feeds.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with Foundation's copy of ICU; nothing here uses it.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/entities.h>
// nodePush and nodePop, for the tree builder that skips the stories a feed reader leaves out.
#include <libxml/parserInternals.h>
#include <libxml/uri.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a C global holding a function pointer, which Swift cannot call directly.
static inline void homeroom_xmlFree(void *pointer) { xmlFree(pointer); }
