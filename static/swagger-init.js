// Starts Swagger UI on /api/openapi.json (a file of its own: the CSP allows no inline scripts).
window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
