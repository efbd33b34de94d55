#include "check/report_svg.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace vf::check {
namespace {

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

/// One series of the plot: a value per layer (0 or non-finite: not drawn).
struct Series {
  std::string label;
  std::string colour;
  bool dashed;
  std::vector<double> y;
};

}  // namespace

std::string report_svg(const NumericCheck& nc, const std::string& title) {
  constexpr double kW = 960, kPanelH = 300, kLeft = 70, kRight = 20, kTop = 40, kBottom = 72;
  const double height = nc.engines.size() * (kPanelH + kTop + kBottom) + 20;
  std::string s = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
      "font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" "
      "fill=\"white\"/>\n",
      kW, height);
  double y0 = 0;
  for (const EngineCheck& ec : nc.engines) {
    std::vector<Series> series = {
        {"end-to-end bound", "#c0392b", false, {}},
        {"end-to-end measured", "#e67e22", true, {}},
        {"layer bound", "#2c3e50", false, {}},
        {"layer measured", "#3498db", true, {}},
    };
    for (const LayerBound& lb : ec.layers) {
      series[0].y.push_back(lb.end_to_end.bound);
      series[1].y.push_back(lb.end_to_end.max_abs);
      series[2].y.push_back(lb.local.bound);
      series[3].y.push_back(lb.local.max_abs);
    }
    // The outputs, right of the layers: measured, the rigorous bound (the tightest), the
    // running bound alone and the probabilistic estimate (only where a pass ran).
    struct Mark {
      const char* label;
      const char* colour;
      const char* shape;  // circle, square, diamond
    };
    const Mark marks[4] = {{"output measured", "#e67e22", "circle"},
                           {"output bound (rigorous)", "#c0392b", "square"},
                           {"output running bound", "#7f8c8d", "square"},
                           {"output probabilistic", "#8e44ad", "diamond"}};
    auto mark_values = [](const OutputBound& ob) {
      return std::array<double, 4>{ob.exact.max_abs, ob.exact.bound, ob.exact_running.bound,
                                   ob.jacobian_rows > 0 ? ob.probabilistic.bound : 0.0};
    };
    double lo = 1e300, hi = 0;
    for (const Series& se : series)
      for (double v : se.y)
        if (v > 0 && std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    for (const OutputBound& ob : ec.outputs)
      for (double v : mark_values(ob))
        if (v > 0 && std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    if (hi == 0) lo = 1e-12, hi = 1;
    const double dlo = std::floor(std::log10(lo)), dhi = std::ceil(std::log10(hi)) + (lo == hi);
    const double px0 = kLeft, px1 = kW - kRight, py0 = y0 + kTop, py1 = y0 + kTop + kPanelH;
    const size_t n = std::max<size_t>(ec.layers.size() + ec.outputs.size(), 2);
    auto X = [&](size_t i) { return px0 + (px1 - px0) * double(i) / double(n - 1); };
    auto Y = [&](double v) { return py1 - (py1 - py0) * (std::log10(v) - dlo) / (dhi - dlo); };
    s += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"14\">{} — {} ({} layers){}</text>\n",
                     kLeft, y0 + 22, escape(title), escape(ec.engine), ec.layers.size(),
                     ec.ok ? "" : ": FAILED at " + escape(ec.first_failure));
    s += fmt::format(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" "
        "stroke=\"#888\"/>\n",
        px0, py0, px1 - px0, py1 - py0);
    for (double d = dlo; d <= dhi; ++d) {
      s += fmt::format(
          "<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"#ddd\"/>"
          "<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">1e{}</text>\n",
          px0, Y(std::pow(10.0, d)), px1, Y(std::pow(10.0, d)), px0 - 4, Y(std::pow(10.0, d)) + 4,
          static_cast<int>(d));
    }
    for (const Series& se : series) {
      std::string path;
      for (size_t i = 0; i < se.y.size(); ++i) {
        const double v = se.y[i];
        if (!(v > 0) || !std::isfinite(v)) continue;
        path += fmt::format("{}{:.1f},{:.1f} ", path.empty() ? "M" : "L", X(i), Y(v));
      }
      if (!path.empty())
        s += fmt::format("<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"{}/>\n",
                         path, se.colour, se.dashed ? " stroke-dasharray=\"4,3\"" : "");
    }
    for (size_t i = 0; i < ec.layers.size(); ++i) {
      const LayerBound& lb = ec.layers[i];
      if (lb.local.ok() && lb.end_to_end.ok() && lb.kernel_exceeded == 0) continue;
      s += fmt::format(
          "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"red\"><title>{}</title>"
          "</circle>\n",
          X(i), py0 + 6, escape(lb.node));
    }
    auto draw_mark = [&](const Mark& m, double cx, double cy, const std::string& tip) {
      if (std::string(m.shape) == "circle")
        s += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"{}\">", cx, cy,
                         m.colour);
      else if (std::string(m.shape) == "square")
        s += fmt::format(
            "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"8\" height=\"8\" "
            "fill=\"none\" stroke=\"{}\" stroke-width=\"2\">",
            cx - 4, cy - 4, m.colour);
      else
        s += fmt::format("<path d=\"M{:.1f},{:.1f} l5,5 l-5,5 l-5,-5 z\" fill=\"{}\">", cx, cy - 5,
                         m.colour);
      s += fmt::format("<title>{}</title></{}>\n", escape(tip),
                       std::string(m.shape) == "circle"   ? "circle"
                       : std::string(m.shape) == "square" ? "rect"
                                                          : "path");
    };
    for (size_t k = 0; k < ec.outputs.size(); ++k) {
      const OutputBound& ob = ec.outputs[k];
      const auto v = mark_values(ob);
      const double cx = X(ec.layers.size() + k);
      for (size_t m = 0; m < 4; ++m)
        if (v[m] > 0 && std::isfinite(v[m]))
          draw_mark(marks[m], cx, Y(v[m]),
                    fmt::format("{}: {} {:.3e}", ob.name, marks[m].label, v[m]));
    }
    double lx = px0 + 10;
    for (const Series& se : series) {
      s += fmt::format(
          "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
          "stroke-width=\"2\"{}/><text x=\"{}\" y=\"{}\">{}</text>\n",
          lx, py1 + 22, lx + 24, py1 + 22, se.colour, se.dashed ? " stroke-dasharray=\"4,3\"" : "",
          lx + 28, py1 + 26, se.label);
      lx += 190;
    }
    lx = px0 + 10;
    for (const Mark& m : marks) {
      draw_mark(m, lx + 12, py1 + 48, m.label);
      s += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", lx + 28, py1 + 52, m.label);
      lx += 190;
    }
    s += fmt::format(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">layer (graph order), then "
        "the outputs →</text>\n",
        px1, py1 + 66);
    y0 += kPanelH + kTop + kBottom;
  }
  s += "</svg>\n";
  return s;
}

std::string report_html(const NumericCheck& nc, const std::string& title) {
  std::string s = fmt::format(
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>vfuse check: {}</title>\n"
      "<style>body{{font-family:sans-serif}} td,th{{padding:2px 8px;text-align:right}} "
      "td:first-child,th:first-child{{text-align:left}} .bad{{color:#c0392b}}</style>\n"
      "</head><body>\n<h1>vfuse check: {}</h1>\n",
      escape(title), escape(title));
  s += report_svg(nc, title);
  for (const EngineCheck& ec : nc.engines) {
    s += fmt::format(
        "<h2>{} outputs</h2>\n<table>\n<tr><th>output</th><th>measured (vs "
        "f64)</th><th>bound</th><th>running bound</th><th>elements with a "
        "Jacobian pass</th><th>probabilistic (confidence)</th></tr>\n",
        escape(ec.engine));
    for (const OutputBound& ob : ec.outputs)
      s += fmt::format(
          "<tr{}><td>{}</td><td>{:.3e}</td><td>{:.3e}</td><td>{:.3e}</td><td>{}"
          "</td><td>{}</td></tr>\n",
          ob.exact.ok() ? "" : " class=\"bad\"", escape(ob.name), ob.exact.max_abs, ob.exact.bound,
          ob.exact_running.bound, ob.jacobian_rows,
          ob.jacobian_rows > 0
              ? fmt::format("{:.3e} ({:.6g}, an estimate)", ob.probabilistic.bound, ob.confidence)
              : std::string("-"));
    s += "</table>\n";
    s += fmt::format(
        "<h2>{}: {}</h2>\n<table>\n<tr><th>layer</th><th>op</th><th>end-to-end "
        "measured</th><th>bound</th><th>growth</th><th>layer measured</th>"
        "<th>layer bound</th></tr>\n",
        escape(ec.engine), ec.ok ? "ok" : "FAILED: " + escape(ec.first_failure));
    for (const LayerBound& lb : ec.layers) {
      const bool bad = !lb.local.ok() || !lb.end_to_end.ok() || lb.kernel_exceeded > 0;
      s += fmt::format(
          "<tr{}><td>{}</td><td>{}</td><td>{:.3e}</td><td>{:.3e}</td><td>{:.3g}"
          "</td><td>{:.3e}</td><td>{:.3e}</td></tr>\n",
          bad ? " class=\"bad\"" : "", escape(lb.node), escape(lb.op), lb.end_to_end.max_abs,
          lb.end_to_end.bound, lb.growth, lb.local.max_abs, lb.local.bound);
    }
    s += "</table>\n";
  }
  s += "</body></html>\n";
  return s;
}

}  // namespace vf::check
