// MATLAB's trapezoidal integrals (stats.cpp), shared by trapz and cumtrapz (signal.cpp).
#pragma once

#include "runtime/call.hpp"
#include "runtime/value.hpp"

namespace llmlab::builtins {

// The whole integral of each slice (trapz), or its running integral from 0 (cumtrapz).
enum class Integral { Total, Running };

// trapz(y), trapz(x, y), trapz(y, dim), trapz(x, y, dim) and the same forms of cumtrapz on real
// 2-D y, in matlab code (MATLAB's forms, as Octave reads them).
runtime::Value matlab_trapezoid(runtime::Call& call, Integral integral);
// Whether trapz or cumtrapz takes those forms: in matlab code, with no complex argument.
bool takes_matlab_trapezoid(runtime::Call& call);

}  // namespace llmlab::builtins
