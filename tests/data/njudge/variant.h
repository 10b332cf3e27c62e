/*
 * A made-up variant.h in the shape of njudge's (the SETNP macro only),
 * written for mailjudge's tests.
 */

#define SETNP(variant) \
  dipent.pl = pletter[variant];                                         \
  switch (variant) {                                                    \
    case V_tiny:      dipent.np =  3; dipent.vp =  5; break;            \
    case V_tinyport:  dipent.np =  3; dipent.vp =  6; dipent.xflags |= XF_PROV_DUALITY; dipent.xflags |= XF_BUILD_ANYCENTRES; break; \
    case V_tinyone:   dipent.np =  3; dipent.vp =  5; dipent.xflags |= XF_BUILD_ONECENTRE; break; \
    case V_tinymach:  dipent.np =  3; dipent.vp =  5; break;            \
/* ADD NEW VARIANTS ABOVE THIS LINE! */                                 \
    default:                                                            \
      exit(1);                                                          \
  }
