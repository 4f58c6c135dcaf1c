// The GNU FriBidi surface that DrawerText uses, in one header. The flag and
// type macros are expressions Swift does not import, so the few that are
// needed are spelled here as constants and inline functions.
#ifndef DRAWER_FRIBIDI_SHIM_H
#define DRAWER_FRIBIDI_SHIM_H

#include <fribidi.h>

/// Mirroring plus Arabic presentation forms and ligatures, for fribidi_shape.
static const FriBidiFlags drawer_fribidi_shape_flags = FRIBIDI_FLAG_SHAPE_MIRRORING | FRIBIDI_FLAGS_ARABIC;
/// Non-spacing marks after their base in right-to-left runs, for reordering.
static const FriBidiFlags drawer_fribidi_reorder_flags = FRIBIDI_FLAG_REORDER_NSM;
static const FriBidiParType drawer_fribidi_par_on = FRIBIDI_PAR_ON;
static const FriBidiParType drawer_fribidi_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType drawer_fribidi_par_rtl = FRIBIDI_PAR_RTL;

/// Whether a character of this bidi type can make a line anything but
/// plain left to right: right-to-left letters, Arabic numbers, embeddings,
/// overrides and isolates.
static inline int drawer_fribidi_type_needs_bidi(FriBidiCharType t) {
  return (FRIBIDI_IS_RTL(t) || FRIBIDI_IS_ARABIC(t) || FRIBIDI_IS_EXPLICIT(t) || FRIBIDI_IS_ISOLATE(t)) ? 1 : 0;
}

#endif
