// A small, stable C surface over the parts of ICU that LineFit uses.
//
// ICU's headers rename every function per major version (ubrk_open becomes ubrk_open_72),
// so Swift cannot import them portably. These wrappers are compiled against whatever ICU is
// installed and keep their own names. Each one is prefixed `lficu_` and exists because Swift
// needs one of: a stable symbol, a plain integer instead of an ICU enum, or fewer calls per
// operation on the hot path.
#ifndef LINEFIT_CICU_H
#define LINEFIT_CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Break iterator kinds LineFit asks for.
typedef enum {
    LFICU_BREAK_LINE = 0,      // UAX #14 line break opportunities (with Thai/Lao/Khmer/Burmese dictionaries)
    LFICU_BREAK_CHARACTER = 1, // UAX #29 extended grapheme clusters
} LFICUBreakKind;

/// Opens a break iterator for `locale` ("" is the root locale). Returns NULL and sets
/// `*error` to the ICU error code on failure.
void *lficu_breaker_open(LFICUBreakKind kind, const char *locale, int32_t *error);
void lficu_breaker_close(void *breaker);

/// Points the iterator at `text` (UTF-16, not copied: the caller keeps it alive while iterating).
/// Returns 0 or an ICU error code.
int32_t lficu_breaker_set_text(void *breaker, const uint16_t *text, int32_t length);

/// Writes every boundary after the start of the text (the end included) to `positions`, and
/// for line iterators whether each is a mandatory (hard) break to `hard` (may be NULL).
/// Returns the number of boundaries, or -1 when `capacity` is too small.
int32_t lficu_breaker_boundaries(void *breaker, int32_t *positions, uint8_t *hard, int32_t capacity);

/// Opens a reusable bidi paragraph object. NULL on failure.
void *lficu_bidi_open(void);
void lficu_bidi_close(void *bidi);

/// Resolves UAX #9 embedding levels for one paragraph of UTF-16 text into `levels` (one per
/// code unit). `paragraph_level` is 0 (LTR), 1 (RTL) or 0xFE (from the first strong character,
/// LTR if none). The resolved paragraph level goes to `*resolved`. Returns 0 or an ICU error.
int32_t lficu_bidi_levels(void *bidi, const uint16_t *text, int32_t length,
                          uint8_t paragraph_level, uint8_t *levels, uint8_t *resolved);

/// The ICU script code (UScriptCode) of a code point; 0 is Common, 1 is Inherited.
int32_t lficu_script(uint32_t code_point);

/// ISO 15924 four-letter tag of an ICU script code ("Latn", "Arab"), for hb_script_from_string.
const char *lficu_script_tag(int32_t script);

/// Unicode properties LineFit needs, as stable integers.
typedef enum {
    LFICU_PROP_WHITE_SPACE = 0,
    LFICU_PROP_DEFAULT_IGNORABLE = 1,
    LFICU_PROP_EMOJI = 2,
    LFICU_PROP_EMOJI_PRESENTATION = 3,
    LFICU_PROP_EMOJI_MODIFIER = 4,
    LFICU_PROP_EMOJI_MODIFIER_BASE = 5,
    LFICU_PROP_REGIONAL_INDICATOR = 6,
    LFICU_PROP_EXTENDED_PICTOGRAPHIC = 7,
} LFICUProperty;

int32_t lficu_has_property(uint32_t code_point, LFICUProperty property);

/// The simple uppercase mapping of `text` into `dest` with full case mapping (ß → SS) for
/// `locale`. Returns the length needed (may exceed `capacity`), or -1 on error.
int32_t lficu_to_upper(const uint16_t *text, int32_t length, const char *locale,
                       uint16_t *dest, int32_t capacity);


#ifdef __cplusplus
}
#endif

#endif
