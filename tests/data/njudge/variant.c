/*
 * A made-up variant.c in the shape of njudge's (its tables only), written
 * for mailjudge's tests: the variants of tests/data/njudge/data.
 */

#include "variant.h"

char *variants[] =
{
	NULL,			/* Don't use 0 as a variant number */
	"tiny",			/* Tiny                            */
	"tinyport",		/* Tiny with DUALITY, builds anywhere */
	"tinyone",		/* Tiny, builds with one home      */
	"tinymach",		/* Tiny as a Machiavelli game      */
/** ADD NEW VARIANTS ABOVE THIS LINE! **/
	"gunboat",		/* Gunboat (anonymous) option      */
};

int vvalue[] =
{
	NO_VARIANT,
	V_tiny,
	V_tinyport,
	V_tinyone,
	V_tinymach,
/** ADD NEW VARIANTS ABOVE THIS LINE! **/
	F_GUNBOAT,
};

char *powers[] =
{
	"Unowned",
	"East", "North", "South", "West",
	"a power", "Neutral", "Autonomous", "Observer", "Master"};

char *owners[] =
{
	"unowned",
	"Eastern", "Northern", "Southern", "Western",
	"??????", "Neutral", "Autonomous", "Observer", "Master"};

char *pletter[] =
{
    NULL,
    ".ENSx?=xOM", /* Tiny */
    ".ENSx?=xOM", /* Tiny port */
    ".ENSx?=xOM", /* Tiny one */
    ".ENSx?=&OM", /* Tiny Machiavelli */
};

char *sphase[] =
{
	NULL,
	"S1901M",		/* Tiny */
	"S1901M",		/* Tiny port */
	"S1901M",		/* Tiny one */
	"S1901M",		/* Tiny Machiavelli */
};
