#include "CICU.h"

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

void *lficu_breaker_open(LFICUBreakKind kind, const char *locale, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == LFICU_BREAK_LINE ? UBRK_LINE : UBRK_CHARACTER;
    UBreakIterator *it = ubrk_open(type, locale, NULL, 0, &status);
    *error = (int32_t)status;
    if (U_FAILURE(status)) {
        if (it) ubrk_close(it);
        return NULL;
    }
    return it;
}

void lficu_breaker_close(void *breaker) {
    if (breaker) ubrk_close((UBreakIterator *)breaker);
}

int32_t lficu_breaker_set_text(void *breaker, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)breaker, (const UChar *)text, length, &status);
    return (int32_t)status;
}

int32_t lficu_breaker_boundaries(void *breaker, int32_t *positions, uint8_t *hard, int32_t capacity) {
    UBreakIterator *it = (UBreakIterator *)breaker;
    int32_t count = 0;
    ubrk_first(it);
    for (int32_t p = ubrk_next(it); p != UBRK_DONE; p = ubrk_next(it)) {
        if (count >= capacity) return -1;
        positions[count] = p;
        if (hard) {
            int32_t status = ubrk_getRuleStatus(it);
            hard[count] = (status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count++;
    }
    return count;
}

void *lficu_bidi_open(void) {
    return ubidi_open();
}

void lficu_bidi_close(void *bidi) {
    if (bidi) ubidi_close((UBiDi *)bidi);
}

int32_t lficu_bidi_levels(void *bidi, const uint16_t *text, int32_t length,
                          uint8_t paragraph_level, uint8_t *levels, uint8_t *resolved) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *b = (UBiDi *)bidi;
    ubidi_setPara(b, (const UChar *)text, length, (UBiDiLevel)paragraph_level, NULL, &status);
    if (U_FAILURE(status)) return (int32_t)status;
    *resolved = ubidi_getParaLevel(b);
    if (length == 0) return 0;
    const UBiDiLevel *resolvedLevels = ubidi_getLevels(b, &status);
    if (U_FAILURE(status)) return (int32_t)status;
    for (int32_t i = 0; i < length; i++) levels[i] = resolvedLevels[i];
    return 0;
}

int32_t lficu_script(uint32_t code_point) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript((UChar32)code_point, &status);
    return U_FAILURE(status) ? USCRIPT_COMMON : (int32_t)code;
}

const char *lficu_script_tag(int32_t script) {
    return uscript_getShortName((UScriptCode)script);
}

int32_t lficu_has_property(uint32_t code_point, LFICUProperty property) {
    UProperty which;
    switch (property) {
    case LFICU_PROP_WHITE_SPACE: which = UCHAR_WHITE_SPACE; break;
    case LFICU_PROP_DEFAULT_IGNORABLE: which = UCHAR_DEFAULT_IGNORABLE_CODE_POINT; break;
    case LFICU_PROP_EMOJI: which = UCHAR_EMOJI; break;
    case LFICU_PROP_EMOJI_PRESENTATION: which = UCHAR_EMOJI_PRESENTATION; break;
    case LFICU_PROP_EMOJI_MODIFIER: which = UCHAR_EMOJI_MODIFIER; break;
    case LFICU_PROP_EMOJI_MODIFIER_BASE: which = UCHAR_EMOJI_MODIFIER_BASE; break;
    case LFICU_PROP_REGIONAL_INDICATOR: which = UCHAR_REGIONAL_INDICATOR; break;
    case LFICU_PROP_EXTENDED_PICTOGRAPHIC: which = UCHAR_EXTENDED_PICTOGRAPHIC; break;
    default: return 0;
    }
    return u_hasBinaryProperty((UChar32)code_point, which) ? 1 : 0;
}

int32_t lficu_to_upper(const uint16_t *text, int32_t length, const char *locale,
                       uint16_t *dest, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = u_strToUpper((UChar *)dest, capacity, (const UChar *)text, length, locale, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || U_SUCCESS(status)) return needed;
    return -1;
}
